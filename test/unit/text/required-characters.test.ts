// requiredCharacters must never name a character some match lacks (a guarded pattern would then miss that
// match): checked on the analysers' own patterns over catalogue and random text, and on random patterns
// built from every construct the reader knows, over random text of their alphabet. GuardedPattern must give
// exactly what the bare pattern gives.
import { describe, expect, it } from "vitest";
import { loadFixtureCatalogue } from "../../../src/features/catalogue/domain/fixture-catalogue.js";
import { seededRandom } from "../../../src/platform/lib/seeded-random.js";
import { allMatches, GuardedPattern } from "../../../src/text/all-matches.js";
import { BUILT_PATTERNS as CONCEPT_PATTERNS } from "../../../src/text/concepts.js";
import { BUILT_PATTERNS as LATEX_PATTERNS } from "../../../src/text/latex.js";
import { foldText } from "../../../src/text/normalize.js";
import { BUILT_PATTERNS as RELATION_PATTERNS } from "../../../src/text/relations.js";
import { requiredCharacters } from "../../../src/text/required-characters.js";
import { randomAnalyserText } from "../../helpers/analyser-text.js";

const pick = <Item>(random: () => number, items: readonly Item[]): Item => items[Math.floor(random() * items.length)]!;

/** Pieces beyond the common ones: what the lexicon's notation patterns name. */
const NOTATION_PIECES = ["gon", "tau", "pi", "d("];

const ALPHABET = ["a", "b", "c", "1", "(", ")", "+", "-", " ", "|", "^", "."];

/** A random pattern over ALPHABET using literals, escapes, classes, groups, lookarounds, alternation and quantifiers. */
function randomPattern(random: () => number, depth = 0): string {
  /** An atom, and whether a quantifier may follow it (not a lookaround or an assertion). */
  const atom = (): [string, boolean] => {
    const roll = random();
    if (depth < 3 && roll < 0.2) {
      const kind = pick(random, [
        "(",
        "(?:",
        "(?=",
        "(?!",
        "(?<=",
        "(?<!",
        `(?<g${depth}x${Math.floor(random() * 1e6)}>`,
      ]);
      return [
        `${kind}${randomPattern(random, depth + 1)})`,
        !kind.startsWith("(?<=") && !/^\(\?[=!]|^\(\?<!/.test(kind),
      ];
    }
    if (roll < 0.23) return ["\\b", false];
    if (roll < 0.3) return [pick(random, ["[ab]", "[(]", "[^a]", "[a-c]", "[+-]", "[\\-]", "\\d", "\\s", "."]), true];
    if (roll < 0.35) return [pick(random, ["\\(", "\\)", "\\+", "\\^", "\\.", "\\|"]), true];
    return [pick(random, ["a", "b", "c", "1", " ", "-"]), true];
  };
  const alternatives = 1 + Math.floor(random() * (depth === 0 ? 3 : 2));
  return Array.from({ length: alternatives }, () =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const [text, quantifiable] = atom();
      const quantify = quantifiable && random() < 0.35;
      return text + (quantify ? pick(random, ["?", "*", "+", "{0,2}", "{1,2}", "{2}", "+?", "??"]) : "");
    }).join(""),
  ).join("|");
}

/** Every required character is in every match of `pattern` over `texts`. */
function expectSound(pattern: RegExp, texts: readonly string[]): void {
  const required = requiredCharacters(pattern);
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (const text of texts)
    for (const [match] of text.matchAll(global))
      for (const character of required)
        expect(match.includes(character), `${pattern} requires ${character}, absent from match ${match}`).toBe(true);
}

describe("requiredCharacters", () => {
  it("reads what a match must consume, and nothing optional, alternative-only, class-wide or looked around", () => {
    // Sources, not literals: some are patterns a linter rightly flags (a quantifier of one, a backreference before its group).
    const cases: [string, string][] = [
      [String.raw`a(?:b|c)+d`, "ad"],
      [String.raw`x?y*z{0,2}w{1}`, "w"],
      [String.raw`[(][a-z][-]\(`, "(-"],
      [String.raw`(?<=q)r(?!s)`, "r"],
      [String.raw`a|b`, ""],
      [String.raw`ab|ba|a`, "a"],
      [String.raw`\d+\.\d`, "."],
      [String.raw`\k<n>(?<n>a)`, "a"],
      [String.raw`[^a]`, ""],
      [String.raw`(?<![a-z0-9_^])([a-z]+)\s*\(\s*([a-z])\s*\)\s+(?:eq|ne)\s+\1\s*\(\s*\2\s*\+\s*1\s*\)`, "()+1e"],
      [String.raw`\bpi\s*\(`, "(ip"],
    ];
    for (const [source, expected] of cases) expect(requiredCharacters(new RegExp(source)), source).toBe(expected);
  });

  it("reads nothing where it cannot be sure: ignored case, v mode, unread escapes, a surrogate pair", () => {
    // The v flag from a variable: a literal `/ab/v` needs an ES2024 target.
    const vMode = "v";
    const unread = [/ab/i, new RegExp("ab", vMode), /\x41b/, /\u0041/, /😀?/u];
    for (const pattern of unread) expect(requiredCharacters(pattern), String(pattern)).toBe("");
  });

  it("names only characters every match holds, for the analysers' patterns over catalogue and random text", () => {
    const patterns = [...CONCEPT_PATTERNS, ...LATEX_PATTERNS, ...RELATION_PATTERNS];
    const texts = [
      ...loadFixtureCatalogue().map((problem) => foldText(`${problem.title} ${problem.statement ?? ""}`)),
      ...Array.from({ length: 200 }, (_, seed) =>
        randomAnalyserText(seededRandom(seed), 5 + (seed % 60), NOTATION_PIECES),
      ),
    ];
    expect(patterns.filter((pattern) => requiredCharacters(pattern) !== "").length).toBeGreaterThan(20);
    for (const pattern of patterns) expectSound(pattern, texts);
  });

  it("names only characters every match holds, for 3,000 random patterns over random text of their alphabet", () => {
    const random = seededRandom(29);
    // Short texts: random nested quantifiers can backtrack exponentially in the text's length.
    const texts = Array.from({ length: 60 }, () =>
      Array.from({ length: 2 + Math.floor(random() * 10) }, () => pick(random, ALPHABET)).join(""),
    );
    let reading = 0;
    for (let index = 0; index < 3_000; index += 1) {
      const pattern = new RegExp(randomPattern(random), "g");
      if (requiredCharacters(pattern) !== "") reading += 1;
      expectSound(pattern, texts);
    }
    // The check means something only if many patterns require characters.
    expect(reading).toBeGreaterThan(500);
  });
});

describe("GuardedPattern", () => {
  it("gives exactly the bare pattern's matches, and skips texts without a required character", () => {
    const patterns = [...CONCEPT_PATTERNS, ...RELATION_PATTERNS].filter((pattern) => pattern.global);
    const texts = [
      ...loadFixtureCatalogue().map((problem) => foldText(`${problem.title} ${problem.statement ?? ""}`)),
      ...Array.from({ length: 100 }, (_, seed) =>
        randomAnalyserText(seededRandom(1_000 + seed), 5 + (seed % 60), NOTATION_PIECES),
      ),
    ];
    for (const pattern of patterns) {
      const guarded = new GuardedPattern(pattern);
      for (const text of texts) expect(allMatches(text, guarded)).toEqual(allMatches(text, pattern));
    }
    const parenthesised = new GuardedPattern(/\bpi\s*\(/g);
    expect(parenthesised.mayMatch("the digits of pi are normal")).toBe(false);
    expect(allMatches("pi (x) and pi(y)", parenthesised).map((match) => match.index)).toEqual([0, 11]);
    expect(() => new GuardedPattern(/a/)).toThrow(TypeError);
  });
});
