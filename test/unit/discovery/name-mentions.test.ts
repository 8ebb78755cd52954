// Names mentioned in passing inside longer texts, and the long-text rule for a dominant candidate, on an invented
// catalogue (none of the real texts of the real-dev split).
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import {
  mentionedNames,
  promoteMentionedNames,
  NAME_MENTION_FACTOR,
} from "../../../src/features/discovery/domain/name-mentions.js";
import { buildQueryTerms } from "../../../src/features/discovery/domain/query-terms.js";
import { scoreCandidates } from "../../../src/features/discovery/domain/scoring.js";
import { analyzeText } from "../../../src/text/normalize.js";
import { buildProblem } from "./discovery-fixtures.js";

const WORDS = [
  "amber",
  "basalt",
  "cobalt",
  "dune",
  "ember",
  "flint",
  "garnet",
  "hazel",
  "ivory",
  "jade",
  "kelp",
  "loam",
];

// 300 problems. cp:n:0 is "Quillfeather's conjecture"; cp:n:1 "the lonely sprocket problem"; "quillfeather" also occurs
// in the remarks of five others (a person who proved things); "gizmo" and "sprocket" share ten statements.
const problems = Array.from({ length: 300 }, (_unused, position) =>
  buildProblem({
    stableId: `cp:n:${position}`,
    title:
      position === 0
        ? "Quillfeather's conjecture"
        : position === 1
          ? "The lonely sprocket problem"
          : position === 2
            ? "The gizmo sprocket conjecture"
            : `Problem ${position}`,
    statement:
      position === 0
        ? "Does every prism lattice fold flat?"
        : position === 1
          ? "Must a lonely sprocket eventually turn?"
          : position < 12
            ? `Does every gizmo sprocket turn the ${WORDS[position]} way?`
            : `Is widget${position} round?`,
    remarks: position >= 20 && position < 25 ? "Quillfeather proved a weaker form." : null,
  }),
);
const index = buildDiscoveryIndex(problems);
const mentioned = (text: string): string[] =>
  mentionedNames(index, analyzeText(text).tokens, text)
    .map((mention) => mention.document.entry.problemId)
    .sort();

describe("names mentioned in a longer text", () => {
  it("finds a proper name written as one, however many remarks name the person", () => {
    expect(mentioned("In 1950 Quillfeather's conjecture was posed; people still try small cases by computer.")).toEqual(
      ["cp:n:0"],
    );
  });

  it("ignores a one-word name written in lower case (an ordinary word, not a name)", () => {
    expect(mentioned("we tried a quillfeather approach on the small cases")).toEqual([]);
  });

  it("finds a name of common words when few problems hold all of them, and only with its words close together", () => {
    expect(mentioned("Notes from a seminar: the lonely sprocket question, with some history.")).toEqual(["cp:n:1"]);
    expect(mentioned("The sprocket was turned by hand, and for a long while afterwards everyone felt lonely.")).toEqual(
      [],
    );
  });

  it("does not read a topic shared by many problems as the name of the one titled by it", () => {
    expect(mentioned("A remark about gizmo sprocket questions in general, written for a blog.")).toEqual([]);
  });

  it("raises the mentioned candidates' scores by the factor and re-sorts", () => {
    const text = "lonely sprocket and gizmo sprocket";
    const analyzed = analyzeText(text);
    const scored = scoreCandidates(index, buildQueryTerms(index, analyzed.tokens, analyzed.pairs, analyzed.formulas));
    const target = scored.find((candidate) => candidate.document.entry.problemId === "cp:n:1")!;
    const promoted = promoteMentionedNames(scored, new Set([target.document]));
    expect(promoted[0]?.document.entry.problemId).toBe("cp:n:1");
    expect(promoted[0]?.score).toBeCloseTo(target.score * NAME_MENTION_FACTOR);
    expect(promoteMentionedNames(scored, new Set())).toEqual(scored);
  });
});

describe("a long text whose best candidate dominates", () => {
  // 300 problems: one about a prism lattice and a quill, the others each holding two of 36 everyday words.
  const FILL = [
    "summer",
    "code",
    "letters",
    "papers",
    "department",
    "matters",
    "today",
    "reading",
    "writing",
    "asking",
    "history",
    "garden",
    "window",
    "river",
    "orange",
    "violin",
    "candle",
    "pepper",
    "ladder",
    "marble",
    "velvet",
    "harbor",
    "tunnel",
    "meadow",
    "saddle",
    "copper",
    "lantern",
    "pillow",
    "basket",
    "feather",
    "thunder",
    "silver",
    "forest",
    "anchor",
    "canyon",
    "glacier",
  ];
  const diluted = buildDiscoveryIndex(
    Array.from({ length: 300 }, (_unused, position) =>
      buildProblem({
        stableId: `cp:d:${position}`,
        statement:
          position === 0
            ? "Does every prism lattice fold flat along a quill?"
            : `Is widget${position} round? ${FILL[position % 36]} ${FILL[(position * 7) % 36]}`,
      }),
    ),
  );

  it("is offered as AMBIGUOUS under its own rule where its diluted thresholds would abstain", () => {
    const result = discover(diluted, `${FILL.join(" ")}, a prism lattice quill`);
    expect([result.outcome, result.decision.rule, result.candidates[0]?.problemId]).toEqual([
      "AMBIGUOUS",
      "DOMINANT_IN_LONG_TEXT",
      "cp:d:0",
    ]);
  });

  it("needs a long text: the same few words alone are read as before", () => {
    expect(discover(diluted, "a prism lattice quill").decision.rule).not.toBe("DOMINANT_IN_LONG_TEXT");
  });

  // A rival sharing two of the three rare words: the best leads it by about a third, short of a dominant lead.
  const withRival = (rival: string) =>
    buildDiscoveryIndex(
      Array.from({ length: 300 }, (_unused, position) =>
        buildProblem({
          stableId: `cp:r:${position}`,
          statement:
            position === 0
              ? "Does every prism lattice fold flat along a quill?"
              : position === 1
                ? rival
                : `Is widget${position} round? ${FILL[position % 36]} ${FILL[(position * 7) % 36]}`,
        }),
      ),
    );

  it("offers a best candidate that leads a close neighbour clearly, where only its diluted relevance falls short", () => {
    const result = discover(
      withRival("Does every prism lattice tile the plane?"),
      `${FILL.join(" ")}, a prism lattice quill`,
    );
    expect([result.outcome, result.decision.rule, result.candidates[0]?.problemId]).toEqual([
      "AMBIGUOUS",
      "DOMINANT_IN_LONG_TEXT",
      "cp:r:0",
    ]);
  });

  it("abstains when the text does not tell the best candidate from its neighbour", () => {
    const result = discover(
      withRival("Does every prism lattice fold flat along a quill, twice?"),
      `${FILL.join(" ")}, a prism lattice quill`,
    );
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "WEAK_MATCH"]);
  });
});

describe("a short text that calls a problem by a proper name its best candidate lacks", () => {
  // cp:c:0 is "Quillfeather's conjecture", stated in other words than the texts below use; cp:c:1 shares every other word
  // of them. "Ashcombe's conjecture" (cp:c:2) is named after a person whom 25 other statements cite.
  const catalogue = buildDiscoveryIndex(
    Array.from({ length: 300 }, (_unused, position) =>
      buildProblem({
        stableId: `cp:c:${position}`,
        title:
          position === 0
            ? "Quillfeather's conjecture"
            : position === 2
              ? "Ashcombe's conjecture"
              : `Problem ${position}`,
        statement:
          position === 0
            ? "Does every prism lattice fold flat?"
            : position === 1
              ? "How many iterations of the garnet sprocket map are needed before a basalt cycle is reached? Do the iterations always reach one?"
              : position === 2
                ? "Is every amber lattice eventually periodic?"
                : `Is widget${position} round?`,
        remarks: position >= 10 && position < 35 ? "Ashcombe proved a weaker form." : null,
      }),
    ),
  );

  it("offers the candidate that shares the other words as AMBIGUOUS, naming the problem called", () => {
    const result = discover(catalogue, "Quillfeather sprocket iterations always reach a basalt cycle");
    expect([result.outcome, result.decision.rule, result.candidates[0]?.problemId]).toEqual([
      "AMBIGUOUS",
      "NAME_NOT_CARRIED",
      "cp:c:1",
    ]);
    expect(result.decision.explanation).toContain(`"Quillfeather's conjecture"`);
  });

  it("matches as before when the name is an attribute hyphened to a common word", () => {
    const result = discover(catalogue, "Quillfeather-type sprocket iterations always reach a basalt cycle");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:c:1"]);
  });

  it("matches as before when the name is a person's that many statements cite", () => {
    const result = discover(catalogue, "Ashcombe sprocket iterations always reach a basalt cycle");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:c:1"]);
  });

  it("matches as before when the best candidate is the problem called", () => {
    const result = discover(catalogue, "Quillfeather: does every prism lattice fold flat along a sprocket?");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:c:0"]);
  });
});
