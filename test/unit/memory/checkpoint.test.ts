import { describe, expect, it } from "vitest";
import {
  applyCountDelta,
  buildCheckpoint,
  countGroups,
  countMember,
  emptyDelta,
  EMPTY_COUNTS,
  analyseWindowCold,
  extractiveSummary,
  keyTerms,
  type MemberGroup,
} from "../../../src/features/memory/domain/checkpoint.js";
import { buildProjectHead, buildTargetHead } from "../../../src/features/memory/domain/heads.js";
import { KEY_TERM_COUNT, SUMMARY_MAX_CHARS } from "../../../src/features/memory/domain/memory.constants.js";
import { seededRandom } from "../../../src/platform/lib/seeded-random.js";
import { tokenize } from "../../../src/text/normalize.js";

const window = [
  {
    id: "a",
    title: "Second moment bound for sumsets",
    body: "The second moment method bounds the sumset size. Variance is small.",
  },
  {
    id: "b",
    title: "Variance of sumset counts",
    body: "We compute the variance of sumset representation counts. The second moment is finite.",
  },
  { id: "c", title: "Unrelated remark", body: "Colourings appear elsewhere." },
];

describe("buildCheckpoint", () => {
  it("counts every member but mixes only current ones", () => {
    const checkpoint = buildCheckpoint(
      [
        { kind: "CLAIM", evidenceGrade: "ARGUED", state: "CURRENT", count: 3 },
        { kind: "CLAIM", evidenceGrade: "REPRODUCED", state: "SUPERSEDED", count: 2 },
        { kind: "NEGATIVE_TRACE", evidenceGrade: "REPRODUCED", state: "CURRENT", count: 1 },
      ],
      window,
    );
    expect(checkpoint.memberCount).toBe(6);
    expect(checkpoint.currentCount).toBe(4);
    expect(checkpoint.evidenceMix).toEqual({ ARGUED: 3, REPRODUCED: 1 });
    expect(checkpoint.kindMix).toEqual({ CLAIM: 3, NEGATIVE_TRACE: 1 });
  });

  it("is empty for an empty branch", () => {
    expect(buildCheckpoint([], [])).toEqual({
      summary: "",
      keyTerms: [],
      memberCount: 0,
      currentCount: 0,
      evidenceMix: {},
      kindMix: {},
    });
  });
});

describe("incremental counts", () => {
  it("equal a recount after members are added and superseded, in any batching", () => {
    const members = [
      { kind: "CLAIM", evidenceGrade: "ARGUED" },
      { kind: "CLAIM", evidenceGrade: "REPRODUCED" },
      { kind: "NEGATIVE_TRACE", evidenceGrade: "REPRODUCED" },
      { kind: "ATTEMPT", evidenceGrade: "SOURCE_BACKED" },
    ] as const;
    const superseded = new Set([1, 3]);
    // Recount: every member once, superseded ones out of the current mix.
    const groups: MemberGroup[] = members.map((member, index) => ({
      ...member,
      state: superseded.has(index) ? "SUPERSEDED" : "CURRENT",
      count: 1,
    }));
    const expected = countGroups(groups);
    // Batch 1 adds members 0-2; batch 2 adds member 3 and supersedes 1 and 3 (3 in the batch that added it).
    const first = emptyDelta();
    for (const member of members.slice(0, 3)) countMember(first, member, { members: 1, current: 1 });
    const second = emptyDelta();
    countMember(second, members[3], { members: 1, current: 1 });
    for (const index of superseded) countMember(second, members[index]!, { members: 0, current: -1 });
    const counts = applyCountDelta(applyCountDelta(EMPTY_COUNTS, first), second);
    expect(counts).toEqual(expected);
    expect(JSON.stringify(counts)).toBe(JSON.stringify(expected));
    expect(counts).toEqual({
      memberCount: 4,
      currentCount: 2,
      evidenceMix: { ARGUED: 1, REPRODUCED: 1 },
      kindMix: { CLAIM: 1, NEGATIVE_TRACE: 1 },
    });
  });

  it("drops emptied mix entries and stops damaged counts at zero instead of failing", () => {
    const delta = emptyDelta();
    countMember(delta, { kind: "CLAIM", evidenceGrade: "ARGUED" }, { members: 0, current: -1 });
    expect(
      applyCountDelta({ memberCount: 1, currentCount: 1, evidenceMix: { ARGUED: 1 }, kindMix: { CLAIM: 1 } }, delta),
    ).toEqual({ memberCount: 1, currentCount: 0, evidenceMix: {}, kindMix: {} });
    expect(applyCountDelta(EMPTY_COUNTS, delta)).toEqual(EMPTY_COUNTS);
  });
});

describe("extractive summary and key terms", () => {
  it("leads with terms shared across members and is deterministic", () => {
    const terms = keyTerms(window);
    // Terms in two of three members outrank the one-off remark.
    expect(terms.slice(0, 3)).toEqual(["moment", "second", "sumset"]);
    expect(terms.length).toBeLessThanOrEqual(KEY_TERM_COUNT);
    expect(extractiveSummary(window)).toBe(extractiveSummary(window));
    expect(extractiveSummary(window)).toMatch(/second moment|variance/i);
  });

  it("are the head of every token ranked by members, then by token", () => {
    // The definition, written as the full sort keyTerms avoids: a member's tokens are those of its title and of
    // each sentence of its body. Windows with many ties and more than KEY_TERM_COUNT distinct tokens, drawn
    // from a small vocabulary so counts repeat, with bodies of several sentences.
    const random = seededRandom(11);
    const vocabulary = Array.from(
      { length: 40 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index}`,
    );
    for (let round = 0; round < 50; round += 1) {
      const members = Array.from({ length: 1 + Math.floor(random() * 20) }, (_, index) => ({
        id: String(index),
        title: vocabulary.filter(() => random() < 0.2).join(" "),
        body: vocabulary.map((word) => (random() < 0.1 ? `${word}.` : random() < 0.1 ? word : "")).join(" "),
      }));
      const counts = new Map<string, number>();
      for (const member of members) {
        const sentences = [member.title, ...member.body.split(/(?<=\.)\s+/)];
        for (const token of new Set(sentences.flatMap((sentence) => tokenize(sentence))))
          counts.set(token, (counts.get(token) ?? 0) + 1);
      }
      const expected = [...counts]
        .sort(([leftToken, left], [rightToken, right]) => right - left || (leftToken < rightToken ? -1 : 1))
        .slice(0, KEY_TERM_COUNT)
        .map(([token]) => token);
      expect(keyTerms(members)).toEqual(expected);
    }
  });

  it("take terms from every sentence of a body, while a summary quotes only its opening sentences", () => {
    const member = (id: string, last: string) => ({
      id,
      title: `Note ${id}`,
      body: `First point here. Second point here. Third point here. Fourth point here. ${last}`,
    });
    const members = [member("a", "Ramanujan congruence holds."), member("b", "Ramanujan congruence fails.")];
    // Every shared token ties at two members; the fifth sentences' are among them.
    expect(keyTerms(members)).toEqual(expect.arrayContaining(["congruenc", "ramanujan"]));
    expect(extractiveSummary(members)).not.toMatch(/Ramanujan/);
  });

  it("is the greedy walk over every sentence sorted by score, however early the walk stops", () => {
    // The definition, written as the full sort summaryOf avoids: sentences by score (document frequency of
    // their tokens over the window, per square root of their length), ties in window order, each taken when
    // it fits the budget and is not mostly covered. Short sentences of few words make ties common and fill the
    // budget to within a word or two, where the walk stops.
    const random = seededRandom(17);
    const words = Array.from({ length: 200 }, (_, index) => `term${String.fromCharCode(97 + (index % 26))}${index}`);
    const sentence = () => {
      const count = Math.floor(random() * 9);
      const picked = Array.from({ length: count }, () => words[Math.floor(random() * words.length)]).join(" ");
      return picked === "" ? "..." : `${picked}.`;
    };
    for (let round = 0; round < 60; round += 1) {
      const members = Array.from({ length: 1 + Math.floor(random() * 64) }, (_, index) => ({
        id: String(index),
        title: sentence(),
        body: Array.from({ length: Math.floor(random() * 5) }, sentence).join(" "),
      }));
      const { texts } = analyseWindowCold(members);
      const frequency = new Map<number, number>();
      for (const { terms } of texts) for (const id of terms) frequency.set(id, (frequency.get(id) ?? 0) + 1);
      const ranked = texts
        .flatMap(({ sentences }) => sentences)
        .map(({ text, tokens }, order) => {
          const weight = [...tokens].reduce((sum, id) => sum + frequency.get(id)!, 0);
          return { text, tokens: [...tokens], order, score: weight / Math.sqrt(1 + tokens.length) };
        })
        .sort((left, right) => right.score - left.score || left.order - right.order);
      const chosen: string[] = [];
      const covered = new Set<number>();
      for (const { text, tokens } of ranked) {
        const length = chosen.reduce((sum, taken) => sum + taken.length + 1, 0);
        if (tokens.length === 0 || length + text.length + 1 > SUMMARY_MAX_CHARS) continue;
        if (tokens.filter((id) => covered.has(id)).length / tokens.length >= 0.8) continue;
        chosen.push(text);
        for (const id of tokens) covered.add(id);
      }
      expect(extractiveSummary(members)).toBe(chosen.join(" "));
    }
  });

  it("stays within its budget on long input", () => {
    const long = Array.from({ length: 64 }, (_, index) => ({
      id: String(index),
      title: `Title ${index} about sumsets`,
      body: "word ".repeat(400),
    }));
    expect(extractiveSummary(long).length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
  });
});

describe("heads", () => {
  const branches = [
    { id: "1", name: "project", memberCount: 10, currentCount: 8, summary: "Root summary." },
    { id: "2", name: "approach/x", memberCount: 3, currentCount: 3, summary: "" },
    { id: "3", name: "outcome/claims", memberCount: 7, currentCount: 5, summary: "" },
  ];

  it("lists the root first, then branches largest first", () => {
    const head = buildProjectHead(branches);
    expect(head.branchIds).toEqual(["1", "3", "2"]);
    expect(head.memberCount).toBe(10);
    expect(head.summary).toContain("8 current of 10 records in 3 branches");
  });

  it("sums the projects of a target", () => {
    const head = buildTargetHead([
      branches[0]!,
      { id: "9", name: "project", memberCount: 20, currentCount: 20, summary: "Big." },
    ]);
    expect(head.branchIds).toEqual(["9", "1"]);
    expect(head.memberCount).toBe(30);
  });
});
