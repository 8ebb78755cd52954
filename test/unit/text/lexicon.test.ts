// The lexicon's data files: checked at load, with a message naming the file and the entry; frozen; and hashed by
// what they say, so a data change (not a comment) gives a new view version.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LEXICON, LEXICON_DIRECTORY, loadLexicon } from "../../../src/modules/text/lexicon/load.js";

const copies: string[] = [];

/** A copy of the shipped lexicon with `edit` applied to one file's text. */
function editedLexicon(file: string, edit: (text: string) => string): string {
  const directory = mkdtempSync(path.join(tmpdir(), "lexicon-"));
  copies.push(directory);
  for (const name of readdirSync(LEXICON_DIRECTORY).filter((entry) => entry.endsWith(".yaml"))) copyFileSync(path.join(LEXICON_DIRECTORY, name), path.join(directory, name));
  const target = path.join(directory, file);
  writeFileSync(target, edit(readFileSync(target, "utf8")));
  return directory;
}

afterEach(() => {
  for (const directory of copies.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("the shipped lexicon", () => {
  it("loads, deeply frozen", () => {
    expect(LEXICON.concepts.length).toBeGreaterThan(40);
    expect(Object.isFrozen(LEXICON)).toBe(true);
    expect(Object.isFrozen(LEXICON.concepts[0]!.spellings)).toBe(true);
    expect(Object.isFrozen(LEXICON.symbols.latex_commands[0])).toBe(true);
    expect(() => (LEXICON.words.function_words as string[]).push("x")).toThrow();
  });

  it("resolves fragments and shared notation lists into plain patterns", () => {
    const divides = LEXICON.concepts.find((group) => group.concept === "divides")!;
    expect(divides.notation.some((source) => source.includes("{{"))).toBe(false);
    const consecutive = LEXICON.concepts.find((group) => group.concept === "consecutive")!;
    expect(consecutive.notation.some((source) => source.startsWith("@"))).toBe(false);
    expect(consecutive.notation.length).toBe(4);
  });

  it("is read the same by a second load, with the same hash", () => {
    expect(loadLexicon()).toEqual(LEXICON);
  });
});

describe("checks at load", () => {
  it.each([
    ["concepts.yaml", (text: string) => text.replace("  - concept: count\n", "  - concept: Count!\n"), /concepts\.yaml: groups\[4\] \(concept "Count!"\)\.concept: "Count!" is not a lower-case word/],
    ["concepts.yaml", (text: string) => text.replace("notation: ['#']", "notation: ['(#']"), /concepts\.yaml: groups\[4\] \(concept "count"\)\.notation\[0\]: invalid regular expression/],
    ["concepts.yaml", (text: string) => text.replace("['{{dividing-bar}}[a-z0-9(]']", "['{{dividing-bars}}[a-z0-9(]']"), /concepts\.yaml: groups\[\d+\] \(concept "divides"\)\.notation\[0\]: no fragment "dividing-bars"/],
    ["concepts.yaml", (text: string) => text.replace("    spellings: [number of, how many, count, cardinality]", "    spelling: [number of]"), /groups\[4\] \(concept "count"\): unknown field "spelling"/],
    ["stems.yaml", (text: string) => text.replace("  - base: rational\n", "  - base: 7\n"), /stems\.yaml: derivations\[2\] \(base 7\)\.base: expected a string, got number/],
    ["words.yaml", (text: string) => text.replace("operator_words: [plus, minus, times]", "operator_words: [plus, minus, plus]"), /words\.yaml: operator_words\[2\]: "plus" is listed twice/],
    ["words.yaml", (text: string) => text.replace("{phrase: at most, relation: le}", "{phrase: at most, relation: leq}"), /words\.yaml: prose_relations\[3\] \(phrase "at most"\)\.relation: expected one of le, ge/],
    ["symbols.yaml", (text: string) => text.replace("double_struck: {ℕ: N,", "double_struck: {ℕ: W,"), /symbols\.yaml: double_struck\.ℕ: "W" is not a key of number_systems/],
    ["phrases.yaml", (text: string) => text.replace("groups:", "groups: [\n"), /phrases\.yaml: \(top level\): cannot be read as YAML/],
  ])("rejects a bad entry in %s, naming the file and the entry", (file, edit, message) => {
    expect(() => loadLexicon(editedLexicon(file, edit))).toThrow(message);
  });

  it("rejects a data file it would not read, which no hash would cover", () => {
    const directory = editedLexicon("words.yaml", (text) => text);
    writeFileSync(path.join(directory, "extra.yaml"), "words: [a]\n");
    expect(() => loadLexicon(directory)).toThrow(/lexicon extra\.yaml: \(top level\): is not a lexicon file/);
  });
});

describe("the hash", () => {
  it("changes with what a file says", () => {
    const edited = loadLexicon(editedLexicon("stems.yaml", (text) => text.replace("  halves: half\n", "  halves: half\n  calves: calf\n")));
    expect(edited.hash).not.toBe(LEXICON.hash);
  });

  it("ignores comments and layout", () => {
    const edited = loadLexicon(editedLexicon("stems.yaml", (text) => `# another comment\n\n${text.replace("irregular:\n", "irregular:   \n")}`));
    expect(edited.hash).toBe(LEXICON.hash);
  });
});
