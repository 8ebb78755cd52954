// The lexicon's data files: checked at load, with a message naming the file and the entry; frozen; and hashed by
// what they say, so a data change (not a comment) gives a new view version.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LEXICON, LEXICON_DIRECTORY, loadLexicon } from "../../../src/text/lexicon/load.js";

const copies: string[] = [];

/** A copy of the shipped lexicon with `edit` applied to one file's text. */
function editedLexicon(file: string, edit: (text: string) => string): string {
  const directory = mkdtempSync(path.join(tmpdir(), "lexicon-"));
  copies.push(directory);
  for (const name of readdirSync(LEXICON_DIRECTORY).filter((entry) => entry.endsWith(".yaml")))
    copyFileSync(path.join(LEXICON_DIRECTORY, name), path.join(directory, name));
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

  it("resolves request forms: fragments and word lists inserted, patterns joined, each compiled", () => {
    const forms = LEXICON.requestForms.forms;
    expect(forms.some((form) => form.source.includes("{{"))).toBe(false);
    const error = forms.find((form) => form.name === "proof_assistant_error")!;
    expect(error.source).toContain(String.raw`type\s+mismatch`);
    expect(new RegExp(error.source, error.flags).test("Lean says: type   mismatch")).toBe(true);
    const tactics = forms.find((form) => form.name === "proof_assistant_help")!;
    expect(tactics.requires).toBe("proof_assistant");
    expect(tactics.source).toContain("simp_all|simpa");
    expect(new Set(forms.map((form) => form.kind))).toEqual(new Set(["family_or_help", "whatever_the_notation"]));
  });

  it("is read the same by a second load, with the same hash", () => {
    expect(loadLexicon()).toEqual(LEXICON);
  });
});

describe("checks at load", () => {
  it.each([
    [
      "concepts.yaml",
      (text: string) => text.replace("  - concept: count\n", "  - concept: Count!\n"),
      /concepts\.yaml: groups\[4\] \(concept "Count!"\)\.concept: "Count!" is not a lower-case word/,
    ],
    [
      "concepts.yaml",
      (text: string) => text.replace("notation: ['#']", "notation: ['(#']"),
      /concepts\.yaml: groups\[4\] \(concept "count"\)\.notation\[0\]: invalid regular expression/,
    ],
    [
      "concepts.yaml",
      (text: string) => text.replace("['{{dividing-bar}}[a-z0-9(]']", "['{{dividing-bars}}[a-z0-9(]']"),
      /concepts\.yaml: groups\[\d+\] \(concept "divides"\)\.notation\[0\]: no fragment "dividing-bars"/,
    ],
    [
      "concepts.yaml",
      (text: string) =>
        text.replace("    spellings: [number of, how many, count, cardinality]", "    spelling: [number of]"),
      /groups\[4\] \(concept "count"\): unknown field "spelling"/,
    ],
    [
      "stems.yaml",
      (text: string) => text.replace("  - base: rational\n", "  - base: 7\n"),
      /stems\.yaml: derivations\[2\] \(base 7\)\.base: expected a string, got number/,
    ],
    [
      "words.yaml",
      (text: string) => text.replace("operator_words: [plus, minus, times]", "operator_words: [plus, minus, plus]"),
      /words\.yaml: operator_words\[2\]: "plus" is listed twice/,
    ],
    [
      "words.yaml",
      (text: string) => text.replace("{phrase: at most, relation: le}", "{phrase: at most, relation: leq}"),
      /words\.yaml: prose_relations\[3\] \(phrase "at most"\)\.relation: expected one of le, ge/,
    ],
    [
      "symbols.yaml",
      (text: string) => text.replace("double_struck: {ℕ: N,", "double_struck: {ℕ: W,"),
      /symbols\.yaml: double_struck\.ℕ: "W" is not a key of number_systems/,
    ],
    [
      "phrases.yaml",
      (text: string) => text.replace("groups:", "groups: [\n"),
      /phrases\.yaml: \(top level\): cannot be read as YAML/,
    ],
    [
      "request-forms.yaml",
      (text: string) =>
        text.replace("    kind: family_or_help\n    flags: iu\n", "    kind: family_or_help\n    flag: iu\n"),
      /request-forms\.yaml: forms\[0\] \(name "any_problem_of_a_topic"\): unknown field "flag"/,
    ],
    [
      "request-forms.yaml",
      (text: string) =>
        text.replace("kind: whatever_the_notation\n    flags: iu", "kind: whatever_notation\n    flags: iu"),
      /request-forms\.yaml: forms\[7\] \(name "any_one_of_a_family"\)\.kind: expected one of family_or_help, whatever_the_notation/,
    ],
    [
      "request-forms.yaml",
      (text: string) => text.replace("'\\b(?:suggest|recommend)\\b'", "'\\b(?:suggest|recommend\\b'"),
      /request-forms\.yaml: forms\[6\] \(name "recommendation"\)\.patterns\[0\]: invalid regular expression/,
    ],
    [
      "request-forms.yaml",
      (text: string) => text.replace("'{{how_do_i}}prove\\b'", "'{{how_do_we}}prove\\b'"),
      /request-forms\.yaml: forms\[2\] \(name "proof_in_the_assistant"\)\.patterns\[0\]: no fragment or word list "how_do_we"/,
    ],
    [
      "request-forms.yaml",
      (text: string) => text.replace("    requires: proof_assistant\n", "    requires: proof_asistant\n"),
      /request-forms\.yaml: forms\[2\] \(name "proof_in_the_assistant"\)\.requires: no requirement "proof_asistant"/,
    ],
    [
      "request-forms.yaml",
      (text: string) => text.replace("  - name: technique\n", "  - name: computation\n"),
      /request-forms\.yaml: forms\[10\] \(name "computation"\)\.name: "computation" is listed twice/,
    ],
    [
      "request-forms.yaml",
      (text: string) => text.replace("simp, simp_all,", "Simp, simp_all,"),
      /request-forms\.yaml: word_lists\.tactic_names\[0\]: "Simp" is not a lower-case word/,
    ],
    [
      "contrasts.yaml",
      (text: string) =>
        text.replace("not asking about, not asking for, not asking,", "not asking, not asking about, not asking for,"),
      /contrasts\.yaml: cue_phrases\[6\]: "not asking about" extends the earlier "not asking"/,
    ],
    [
      "contrasts.yaml",
      (text: string) => text.replace("turn_words: [but, i mean]", "turn_words: [but, I mean]"),
      /contrasts\.yaml: turn_words\[1\]: "I mean" is not a lower-case word/,
    ],
    [
      "symbols.yaml",
      (text: string) => text.replace("superscript_digits: [⁰, ¹,", "superscript_digits: [⁰¹,"),
      /symbols\.yaml: superscript_digits\[0\]: "⁰¹" is not a single character/,
    ],
    [
      "symbols.yaml",
      (text: string) => text.replace("subscript_digits: [₀, ₁,", "subscript_digits: [₁,"),
      /symbols\.yaml: subscript_digits: expected the 10 glyphs of the digits 0 to 9, got 9/,
    ],
    [
      "symbols.yaml",
      (text: string) => text.replace("{ₐ: a,", "{a: a,"),
      /symbols\.yaml: subscript_letters\.a: "a" is an ASCII character/,
    ],
    [
      "symbols.yaml",
      (text: string) => text.replace("ᵃ: a,", "ᵃ: aa,"),
      /symbols\.yaml: superscript_letters\.ᵃ: "aa" is not one lower-case letter/,
    ],
    [
      "words.yaml",
      (text: string) =>
        text.replace("counts: [one, a, two, three, four]", "counts: [one, a, two, three, four, five, sixty]"),
      /words\.yaml: spoken_fractions\.counts\[6\]: "sixty" is neither "a", "one" nor a key of number_words/,
    ],
    [
      "words.yaml",
      (text: string) => text.replace("half: '2',", "half: two,"),
      /words\.yaml: spoken_fractions\.denominators\.half: expected digits, got "two"/,
    ],
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
    const edited = loadLexicon(
      editedLexicon("stems.yaml", (text) => text.replace("  halves: half\n", "  halves: half\n  calves: calf\n")),
    );
    expect(edited.hash).not.toBe(LEXICON.hash);
  });

  it.each([
    ["request-forms.yaml", (text: string) => text.replace("gcongr, positivity", "gcongr, positivity, omega")],
    [
      "contrasts.yaml",
      (text: string) =>
        text.replace(
          "not_exceptions: [necessarily, sure, certain]",
          "not_exceptions: [necessarily, sure, certain, quite]",
        ),
    ],
    ["symbols.yaml", (text: string) => text.replace("ₓ: x}", "ₓ: x, ₔ: a}")],
  ])("changes with what %s says", (file, edit) => {
    expect(loadLexicon(editedLexicon(file, edit)).hash).not.toBe(LEXICON.hash);
  });

  it("ignores comments and layout", () => {
    const edited = loadLexicon(
      editedLexicon("stems.yaml", (text) => `# another comment\n\n${text.replace("irregular:\n", "irregular:   \n")}`),
    );
    expect(edited.hash).toBe(LEXICON.hash);
  });
});
