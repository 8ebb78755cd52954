// allMatches runs a global pattern itself instead of matchAll's clone: it must give exactly what matchAll
// gives (matches, indices, groups, empty matches stepped over as matchAll steps, a surrogate pair whole in
// unicode mode) and leave the shared pattern at index 0, so the next call starts clean.
import { describe, expect, it } from "vitest";
import { loadFixtureCatalogue } from "../../../src/features/catalogue/domain/fixture-catalogue.js";
import { seededRandom } from "../../../src/platform/lib/seeded-random.js";
import { allMatches } from "../../../src/text/all-matches.js";
import { BUILT_PATTERNS as CONCEPT_PATTERNS } from "../../../src/text/concepts.js";
import { BUILT_PATTERNS as LATEX_PATTERNS } from "../../../src/text/latex.js";
import { foldText } from "../../../src/text/normalize.js";
import { BUILT_PATTERNS as RELATION_PATTERNS } from "../../../src/text/relations.js";
import { randomAnalyserText } from "../../helpers/analyser-text.js";

const shape = (matches: RegExpExecArray[]) =>
  matches.map((match) => ({ all: [...match], index: match.index, groups: match.groups }));

describe("allMatches", () => {
  const patterns = [...CONCEPT_PATTERNS, ...LATEX_PATTERNS, ...RELATION_PATTERNS].filter((pattern) => pattern.global);
  const texts = [
    ...loadFixtureCatalogue().map((problem) => foldText(`${problem.title} ${problem.statement ?? ""}`)),
    ...Array.from({ length: 200 }, (_, seed) => randomAnalyserText(seededRandom(seed), 5 + (seed % 60))),
  ];

  it("gives what matchAll gives for the analysers' own patterns over catalogue and random text", () => {
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of patterns)
      for (const text of texts) {
        expect(shape(allMatches(text, pattern)), `${pattern} on ${JSON.stringify(text)}`).toEqual(
          shape([...text.matchAll(pattern)]),
        );
        expect(pattern.lastIndex).toBe(0);
      }
  });

  it("steps over empty matches as matchAll does, a surrogate pair whole only in unicode mode", () => {
    // Empty patterns built from source text: the point is the empty match, which regexp/no-empty-group forbids as a literal.
    // eslint-disable-next-line prefer-regex-literals -- see above
    for (const pattern of [/a*/g, new RegExp("", "g"), new RegExp("", "gu"), /\b/g, /x?/gu])
      for (const text of ["", "aab", "😀a😀", "b😀😀", "\ud83d"])
        expect(shape(allMatches(text, pattern)), `${pattern} on ${text}`).toEqual(shape([...text.matchAll(pattern)]));
  });

  it("starts at 0 whatever a pattern was left at, and refuses a pattern that is not global", () => {
    const pattern = /\d+/g;
    pattern.lastIndex = 3;
    expect(allMatches("12 34", pattern).map((match) => match[0])).toEqual(["12", "34"]);
    expect(pattern.lastIndex).toBe(0);
    expect(() => allMatches("12", /\d+/)).toThrow(TypeError);
  });
});
