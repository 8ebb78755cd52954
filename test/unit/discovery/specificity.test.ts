// The second abstention test: a query whose informative evidence many published problems satisfy
// in full names none of them, however rare its words are one by one.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { buildSparseDocument } from "../../../src/features/discovery/domain/sparse-document.js";
import {
  candidateConfidence,
  discover,
  topConfidenceFeatures,
} from "../../../src/features/discovery/domain/discover.js";
import { buildQueryTerms, type QueryTerm } from "../../../src/features/discovery/domain/query-terms.js";
import type { ScoredDocument } from "../../../src/features/discovery/domain/scoring.js";
import {
  coversTooMany,
  namedProblems,
  unknownProblemName,
} from "../../../src/features/discovery/domain/specificity.js";
import type { DiscoveryIndex } from "../../../src/features/discovery/domain/discovery-index.js";
import { analyzeText } from "../../../src/text/normalize.js";
import { loadFixtureCatalogue } from "../../../src/features/catalogue/domain/fixture-catalogue.js";
import { buildProblem } from "./discovery-fixtures.js";

function termsOf(index: DiscoveryIndex, text: string): QueryTerm[] {
  const analyzed = analyzeText(text);
  return buildQueryTerms(index, analyzed.tokens, analyzed.pairs);
}

function withCoverage(coverages: readonly number[]): ScoredDocument[] {
  return coverages.map((coverage) => ({ coverage }) as ScoredDocument);
}

describe("covers too many", () => {
  it("counts only candidates covering all informative weight, against a floor in small stores", () => {
    expect(coversTooMany(withCoverage(Array(11).fill(1)), 100)).toBe(true);
    expect(coversTooMany(withCoverage(Array(10).fill(1)), 100)).toBe(false);
    expect(coversTooMany(withCoverage(Array(30).fill(0.9)), 100)).toBe(false);
  });

  it("scales with the published catalogue", () => {
    expect(coversTooMany(withCoverage(Array(40).fill(1)), 1000)).toBe(false);
    expect(coversTooMany(withCoverage(Array(60).fill(1)), 1000)).toBe(true);
  });
});

describe("discover abstains on a query many problems satisfy", () => {
  // 300 problems: 17 say "shiny gizmo" (under 6 %, so both words are informative), the rest say other things.
  const filler = Array.from({ length: 283 }, (_unused, position) =>
    buildProblem({
      stableId: `cp:filler:${position}`,
      statement: `A statement about widget${position} and sprocket${position}.`,
    }),
  );
  const shiny = Array.from({ length: 17 }, (_unused, position) =>
    buildProblem({ stableId: `cp:shiny:${position}`, statement: `Is every shiny gizmo of kind ${position} round?` }),
  );
  const index = buildDiscoveryIndex([...filler, ...shiny]);

  it("UNDERSPECIFIED_QUERY when seventeen problems contain all it says", () => {
    expect(discover(index, "a shiny gizmo").abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });

  it("still answers when the query adds what sets one of them apart", () => {
    expect(discover(index, "a shiny gizmo of kind 7, widget3").abstentionReason).not.toBe("UNDERSPECIFIED_QUERY");
  });
});

describe("discover abstains on a query that names only an area", () => {
  // 300 problems; twelve each are tagged with one of three areas (4 %, so the areas' words are
  // informative and too few problems share them for the covering test), the rest with a common tag.
  const areas = ["gadget theory", "sprocket counting", "flange colourings"];
  const problems = Array.from({ length: 300 }, (_unused, position) =>
    buildProblem({
      stableId: `cp:area:${position}`,
      statement: `Does every widget${position} of order ${position} have a ${position === 13 ? "dangling " : ""}knob${position}?`,
      tags: [position < 36 ? areas[position % 3]! : "miscellany"],
    }),
  );
  const index = buildDiscoveryIndex(problems);

  it("UNDERSPECIFIED_QUERY when every informative word is subject vocabulary", () => {
    expect(discover(index, "an open question about sprocket counting").abstentionReason).toBe("UNDERSPECIFIED_QUERY");
    expect(
      discover(index, "suggest a research direction on flange colourings I could make progress on").abstentionReason,
    ).toBe("UNDERSPECIFIED_QUERY");
  });

  it("treats the words before an area's head noun as the area's name", () => {
    // "dangling" is no tag and one problem's own word, but here it only qualifies "theory": the query still names an area.
    expect(discover(index, "a conjecture in dangling gadget theory").abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });

  it("answers once the query says something beyond the area", () => {
    const result = discover(index, "sprocket counting: does widget13 have a dangling knob13?");
    expect(result.abstentionReason).toBeNull();
    expect(result.candidates[0]?.problemId).toBe("cp:area:13");
  });

  it("never calls a query with a parameter or number an area", () => {
    expect(discover(index, "sprocket counting of order 21").abstentionReason).not.toBe("UNDERSPECIFIED_QUERY");
  });
});

describe("a rare combination of common words", () => {
  // 300 problems. "lantern", "meadow" and "copper" each occur in 30 statements (10 %, so none is
  // informative alone), in a rotation that puts all three together only in problem 0 (and, in the
  // second catalogue, in twelve problems).
  function catalogue(together: number) {
    return buildDiscoveryIndex(
      Array.from({ length: 300 }, (_unused, position) => {
        const words =
          position < together
            ? ["lantern", "meadow", "copper"]
            : [
                position % 10 === 1 ? "lantern" : "",
                position % 10 === 2 ? "meadow" : "",
                position % 10 === 3 ? "copper" : "",
              ];
        return buildProblem({
          stableId: `cp:combo:${position}`,
          statement: `Item ${position}: does the thing${position} ${words.join(" ")} hold?`,
        });
      }),
    );
  }

  it("names the one problem that holds all of them", () => {
    const result = discover(catalogue(1), "does lantern meadow copper hold?");
    expect(result.abstentionReason).toBeNull();
    expect(result.candidates[0]?.problemId).toBe("cp:combo:0");
  });

  it("is still generic when many problems hold all of them", () => {
    expect(discover(catalogue(12), "does lantern meadow copper hold?").abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });
});

describe("a topic phrase or a request for several problems or any one of them names a family unless it names the problem", () => {
  // 300 problems; "gizmo" and "sprocket" occur together in ten statements, each with a word of its own,
  // and one of them is named after them.
  const own = ["amber", "basalt", "cobalt", "dune", "ember", "flint", "garnet", "hazel", "ivory", "jade"];
  const problems = Array.from({ length: 300 }, (_unused, position) =>
    buildProblem({
      stableId: `cp:topic:${position}`,
      title: position === 0 ? "The gizmo sprocket conjecture" : `Problem ${position}`,
      statement:
        position < 10 ? `Does every gizmo sprocket turn the ${own[position]} way?` : `Is widget${position} round?`,
    }),
  );
  const index = buildDiscoveryIndex(problems);
  /** The query is answered, with the garnet-way problem first. */
  const expectCommitsToTheGarnetWay = (query: string): void => {
    const result = discover(index, query);
    expect(result.outcome).not.toBe("ABSTAINED");
    expect(result.candidates[0]?.problemId).toBe("cp:topic:6");
  };

  it("abstains on a short phrase that asks nothing, with the ranked candidates to browse", () => {
    const result = discover(index, "gizmo sprocket garnet");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
    expect(result.candidates[0]?.problemId).toBe("cp:topic:6");
    expect(result.lane.abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });

  it("abstains on a request for several problems, however many words it has", () => {
    const result = discover(index, "which open problems are there about a gizmo sprocket turning the garnet way?");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
    expect(result.candidates[0]?.problemId).toBe("cp:topic:6");
  });

  it("abstains on a request for any one problem of a family", () => {
    const result = discover(index, "suggest an open problem about a gizmo sprocket turning the garnet way");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
    expect(result.candidates[0]?.problemId).toBe("cp:topic:6");
  });

  it.each([
    "Smith conjectures that every gizmo sprocket turns the garnet way.",
    "Conjectures: every gizmo sprocket of order 7 turns the garnet way.",
    "Every gizmo sprocket turns the garnet way. Reference: [Sm99] Smith, On some problems about gizmos.",
    "There is a garnet gizmo sprocket.",
    "Garnet gizmo sprockets are infinite.",
    "Infinitely many garnet gizmo sprockets exist.",
    "the gizmo sprocket problem - can one be garnet",
    "gizmo sprockets being garnet",
  ])("reads a pasted statement %j as a statement, not a request", (query) => expectCommitsToTheGarnetWay(query));

  it("still reads a short phrase with a size adjective as a topic phrase", () => {
    const result = discover(index, "infinite garnet gizmo sprockets");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
  });

  it("still reads a plural noun with a relative clause as a request", () => {
    const result = discover(index, "gizmo conjectures that bound how sprockets turn the garnet way");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
  });

  it("abstains on a request for the state of an area unless it calls the problem by name", () => {
    const area = discover(index, "what is known about gizmo sprockets turning the garnet way?");
    expect([area.outcome, area.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
    const named = discover(index, "what is known about the gizmo sprocket conjecture?");
    expect([named.outcome, named.candidates[0]?.problemId]).toEqual(["MATCH", "cp:topic:0"]);
  });

  it("abstains on a how-to that names its tool's version, which is no parameter of the problem", () => {
    const result = discover(
      index,
      "how do I state a conjecture about a gizmo sprocket turning the garnet way in Lean 4?",
    );
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
  });

  it("reads the request's form without its contrasted clauses", () => {
    const result = discover(index, "does every gizmo sprocket turn the garnet way, not the problems about widgets?");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:topic:6"]);
    expect(result.setAside).toEqual(["problems about widgets"]);
  });

  it("counts a name in a request for several problems only beside a singular problem noun", () => {
    const topic = discover(index, "which conjectures are there about gizmo sprockets?");
    expect([topic.outcome, topic.abstentionReason, topic.candidates[0]?.problemId]).toEqual([
      "ABSTAINED",
      "UNDERSPECIFIED_QUERY",
      "cp:topic:0",
    ]);
    const one = discover(index, "what results are there on the gizmo sprocket conjecture?");
    expect([one.outcome, one.candidates[0]?.problemId]).toEqual(["MATCH", "cp:topic:0"]);
  });

  it("still commits when the words name the problem or the query asks one thing", () => {
    const named = discover(index, "gizmo sprocket conjecture");
    expect([named.outcome, named.candidates[0]?.problemId]).toEqual(["MATCH", "cp:topic:0"]);
    const asked = discover(index, "does every gizmo sprocket turn the garnet way?");
    expect([asked.outcome, asked.candidates[0]?.problemId]).toEqual(["MATCH", "cp:topic:6"]);
  });

  it("abstains on a request for several problems that writes the family's setting in symbols", () => {
    const result = discover(index, "open problems about gizmo sprockets of order n^2+1 turning the garnet way");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
  });

  it.each([
    "From the list of gizmo problems: does every gizmo sprocket turn the garnet way?",
    "Smith's list of open problems, problem #6 — every gizmo sprocket turns the garnet way",
    "Analogous questions exist, but does every gizmo sprocket of order 7 turn the garnet way?",
    "Of the gizmo sprocket problems I mean the one about turning the garnet way",
    "As listed among the open questions in Smith's book on gizmos: every gizmo sprocket turns the garnet way",
    "Smith listed, among his open questions on gizmos, that every gizmo sprocket turns the garnet way",
    "every gizmo sprocket turns the garnet way (one of Smith's problems)",
    "Smith's question, the missing lemma for gizmo results: for a sprocket of order 7, does every gizmo sprocket turn the garnet way?",
    "One of the gizmo sprocket questions: every gizmo sprocket turns the garnet way",
  ])("commits when a query that mentions several problems singles one out: %j", (query) =>
    expectCommitsToTheGarnetWay(query),
  );

  describe("the decision names the rule that decided and why", () => {
    it.each([
      ["gizmo sprocket garnet", "ABSTAINED", "TOPIC_PHRASE"],
      [
        "which open problems are there about a gizmo sprocket turning the garnet way?",
        "ABSTAINED",
        "REQUEST_FOR_SEVERAL",
      ],
      ["suggest an open problem about gizmo sprockets turning the garnet way", "ABSTAINED", "REQUEST_FOR_ANY"],
      ["is it true that it is so?", "ABSTAINED", "TOO_LITTLE_INFORMATION"],
      ["Quokka's hypothesis: does every sprocket turn the garnet or hazel way?", "ABSTAINED", "UNKNOWN_NAME"],
      ["does every sprocket turn the garnet or hazel way?", "AMBIGUOUS", "CLOSE_RIVAL"],
      ["does every gizmo sprocket turn the garnet way?", "MATCH", "CLEAR_MATCH"],
      ["gizmo sprocket conjecture", "MATCH", "CALLED_BY_NAME"],
    ])("%j: %s by %s", (query, outcome, rule) => {
      const result = discover(index, query);
      expect([result.outcome, result.decision.rule]).toEqual([outcome, rule]);
      expect(result.decision.explanation.length).toBeGreaterThan(20);
    });

    it("says what it read: the unknown name, the title called, the margin against the one a match needs", () => {
      expect(
        discover(index, "Quokka's hypothesis: does every sprocket turn the garnet or hazel way?").decision.explanation,
      ).toContain('"Quokka\'s hypothesis"');
      expect(discover(index, "gizmo sprocket conjecture").decision.explanation).toContain(
        '"The gizmo sprocket conjecture"',
      );
      expect(discover(index, "does every sprocket turn the garnet or hazel way?").decision.explanation).toMatch(
        /leads the next by only \d+% \(a match needs 45%\)/,
      );
    });

    it("names an unloaded index and an empty store", () => {
      expect(discover(null, "gizmo").decision.rule).toBe("INDEX_UNAVAILABLE");
      expect(discover(buildDiscoveryIndex([]), "gizmo").decision.rule).toBe("EMPTY_STORE");
    });
  });

  describe("a problem called by a proper name no entry holds", () => {
    it("abstains as a weak match when the description does not make a clear match, keeping the candidates", () => {
      const description = "does every sprocket turn the garnet or hazel way?";
      expect(discover(index, description).outcome).toBe("AMBIGUOUS");
      const result = discover(index, `Quokka's hypothesis: ${description}`);
      expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "WEAK_MATCH"]);
      expect(
        result.candidates
          .map((candidate) => candidate.problemId)
          .slice(0, 2)
          .sort(),
      ).toEqual(["cp:topic:6", "cp:topic:7"]);
    });

    it("reads a weak match's lead over its rivals as no more than the share of the query its first candidate explains", async () => {
      // The fixture catalogue a fresh `npm start` serves: one candidate shares a few graph words, far ahead of the rest.
      const fixture = buildDiscoveryIndex(await loadFixtureCatalogue());
      const result = discover(
        fixture,
        "Caccetta–Häggkvist: a digraph on n vertices with minimum out-degree r has a directed cycle of length at most n/r",
      );
      const features = topConfidenceFeatures(result)!;
      expect([features.weakMatch, features.advantage]).toEqual([true, features.relevance]);
      expect(result.candidates[0]!.margin).toBeGreaterThan(features.relevance);
    });

    it("still answers when the description makes a clear match, since the right entry may lack the name", () => {
      const result = discover(index, "Quokka's hypothesis: does every gizmo sprocket turn the garnet way?");
      expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:topic:6"]);
    });

    it("does not count a name some entry holds, nor a capitalised word that is no name", () => {
      expect(unknownProblemName(index, "the Quokka–Wombat conjecture on gizmos")).toBe("Quokka–Wombat conjecture");
      expect(unknownProblemName(index, "the Garnet–Quokka conjecture on gizmos")).toBeNull();
      expect(unknownProblemName(index, "Gizmo problem about sprockets")).toBeNull();
      expect(unknownProblemName(index, "the quokka conjecture")).toBeNull();
    });

    it("reads a joint name heading the text as the problem's name", () => {
      expect(unknownProblemName(index, "Quokka–Wombat: does every sprocket turn the garnet or hazel way?")).toBe(
        "Quokka–Wombat",
      );
      expect(unknownProblemName(index, "Garnet–Quokka: does every sprocket turn?")).toBeNull();
      expect(unknownProblemName(index, "Quokka: does every sprocket turn?")).toBeNull(); // one word before a colon is any heading
      const result = discover(index, "Quokka–Wombat: does every sprocket turn the garnet or hazel way?");
      expect([result.outcome, result.abstentionReason, result.decision.rule]).toEqual([
        "ABSTAINED",
        "WEAK_MATCH",
        "UNKNOWN_NAME",
      ]);
    });
  });
});

describe("a query that calls a problem by name", () => {
  // 300 problems: "gizmo" is a subject tag of ten of them (area vocabulary), one is named after it,
  // and another has a title that only shares the word.
  const problems = Array.from({ length: 300 }, (_unused, position) =>
    buildProblem({
      stableId: `cp:named:${position}`,
      title:
        position === 0
          ? "Erdős Problem 7: gizmo conjecture"
          : position === 1
            ? "Extending gizmo sets"
            : `Problem ${position}`,
      statement: position < 2 ? `Is every widget${position} round?` : `Is widget${position} square?`,
      tags: position < 10 ? ["gizmo theory"] : [],
      formalDeclarations:
        position === 0
          ? [
              {
                declName: "Erdos7.erdos_7.variants.sprocket_bound",
                kind: "theorem",
                statement: "theorem sprocket_bound : True",
                docstring: "The sprocket bound for gizmos.",
                category: null,
                file: null,
                line: null,
                pinnedWorld: "fixture@0",
                hasAnswerPlaceholder: false,
                proofUsesSorry: false,
              },
            ]
          : [],
    }),
  );
  const index = buildDiscoveryIndex(problems);

  it("answers the name, though one shared word alone is never a match and the word is area vocabulary", () => {
    const result = discover(index, "the gizmo conjecture");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:named:0"]);
  });

  it("answers a name with an attribution the problem states elsewhere", () => {
    const result = discover(index, "the sprocket gizmo conjecture");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:named:0"]);
  });

  it("does not take a title that merely shares the query's words for a name", () => {
    expect(discover(index, "gizmo sets").abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });
});

describe("a problem's names", () => {
  // Two problems named in their statement's heading; one with a Lean identifier among its aliases; five
  // that share a collection's name ("Widget Notebook Problem N").
  const problems = [
    buildProblem({
      stableId: "cp:names:heading",
      title: "Problem 1",
      statement: "**Quokka's Problem**\nIs every quokka lattice round?",
    }),
    buildProblem({
      stableId: "cp:names:alias",
      title: "Problem 2",
      aliases: ["wombat_lattice"],
      statement: "Is every wombat lattice square?",
    }),
    ...Array.from({ length: 5 }, (_unused, position) =>
      buildProblem({
        stableId: `cp:names:notebook${position}`,
        title: `Widget Notebook Problem ${position}`,
        statement: `Is the notebook widget ${position} blue?`,
      }),
    ),
    ...Array.from({ length: 200 }, (_unused, position) =>
      buildProblem({ stableId: `cp:names:filler${position}`, statement: `Is sprocket${position} square?` }),
    ),
  ];
  const index = buildDiscoveryIndex(problems);

  it("include the bold heading a statement opens with", () => {
    const result = discover(index, "Quokka's problem");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:names:heading"]);
  });

  it("leave out identifier aliases and names a whole collection shares", () => {
    expect(namedProblems(index, termsOf(index, "wombat lattice"))).toEqual(new Set());
    expect(namedProblems(index, termsOf(index, "widget notebook problems"))).toEqual(new Set());
  });

  it("are kept as signatures beside the terms, never among them", () => {
    const multiWord = buildSparseDocument(
      buildProblem({ stableId: "cp:names:multi", title: "The Quokka Lattice Conjecture", statement: "Is it round?" }),
    );
    expect(Object.keys(multiWord.fields.names)).toEqual(["lattic quokka"]);
    expect(multiWord.terms).not.toContain("lattic quokka");
  });
});

describe("confidence reads what was decided about the query", () => {
  const problems = Array.from({ length: 300 }, (_unused, position) =>
    buildProblem({
      stableId: `cp:verdict:${position}`,
      statement:
        position < 10 ? `Does every gizmo sprocket turn the ${position}th way round?` : `Is widget${position} square?`,
    }),
  );
  const index = buildDiscoveryIndex(problems);

  it("is what topConfidenceFeatures gives the model, so the fit script reads what discover computed", () => {
    for (const text of [
      "does every gizmo sprocket turn the 3th way round?",
      "gizmo sprocket",
      "which problems are there about a gizmo sprocket?",
    ]) {
      const result = discover(index, text);
      const features = topConfidenceFeatures(result);
      expect(features).not.toBeNull();
      expect(candidateConfidence(features!)).toBeCloseTo(result.candidates[0]!.confidence, 12);
    }
  });

  it("reads a lone candidate's lead as the share of the query it explains, not as complete", () => {
    // On the fixture catalogue a fresh `npm start` serves, one problem shares a few graph words with this query and
    // no other enters the pool: its margin over the (absent) next candidate is complete, yet it explains a sixth of
    // the query. Read as complete, the lead gave this weak match a confidence of 0.88.
    const result = discover(
      buildDiscoveryIndex(loadFixtureCatalogue()),
      "Barnette's conjecture: every 3-connected cubic bipartite planar graph is Hamiltonian",
    );
    expect(result.lane.candidateCount).toBe(1);
    expect([result.outcome, result.abstentionReason, result.candidates[0]?.margin]).toEqual([
      "ABSTAINED",
      "WEAK_MATCH",
      1,
    ]);
    expect(result.candidates[0]!.confidence).toBeLessThan(0.3);
    expect(candidateConfidence(topConfidenceFeatures(result)!)).toBeCloseTo(result.candidates[0]!.confidence, 12);
  });

  it("is lower for the same evidence when the query names a family or the match is weak", () => {
    const evidence = { relevance: 0.6, coverage: 0.8, advantage: 0.3 };
    const plain = candidateConfidence({ ...evidence, family: false, weakMatch: false });
    expect(candidateConfidence({ ...evidence, family: true, weakMatch: false })).toBeLessThan(plain);
    expect(candidateConfidence({ ...evidence, family: false, weakMatch: true })).toBeLessThan(plain);
  });
});

describe("a '(the one …)' aside", () => {
  // "million", "dollar" and "prize" each in three other problems: informative words the named problem lacks.
  const index = buildDiscoveryIndex([
    buildProblem({
      stableId: "cp:named:zorblat",
      title: "Zorblat's conjecture",
      statement: "Is every zorblat number prime?",
    }),
    ...["million", "dollar", "prize"].flatMap((word, w) =>
      Array.from({ length: 3 }, (_unused, i) =>
        buildProblem({ stableId: `cp:word:${w}-${i}`, statement: `A ${word} question about widget${w}${i}.` }),
      ),
    ),
    ...Array.from({ length: 100 }, (_unused, i) =>
      buildProblem({ stableId: `cp:filler:${i}`, statement: `Is sprocket${i} round?` }),
    ),
  ]);

  it("does not stop a query from calling a problem by name, though the statement lacks its words", () => {
    const result = discover(index, "Zorblat's conjecture (the one with the million-dollar prize)");
    expect([result.outcome, result.candidates[0]?.problemId]).toEqual(["MATCH", "cp:named:zorblat"]);
  });

  it("is only the parenthetical: the same words in the sentence still count", () => {
    expect(discover(index, "Zorblat's conjecture with the million-dollar prize").abstentionReason).toBe("WEAK_MATCH");
  });
});
