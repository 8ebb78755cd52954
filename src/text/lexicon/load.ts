// Loads the lexicon: the data files beside this module (what the normaliser and discovery know about English and
// mathematical notation), each checked against its schema (schema.ts). The code keeps only the mechanisms.
//
// `loadLexicon()` is pure: it reads the files, checks them and returns a deeply frozen object. The modules that
// use it read one shared `LEXICON`, a plain immutable const loaded once when this module is first imported: the
// data is read-only, so there is nothing to register, reset or mutate (tests that need other data call
// `loadLexicon(directory)`).

import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import {
  conceptsFile,
  contrastsFile,
  discoveryFile,
  EntryError,
  LexiconError,
  phrasesFile,
  requestFormsFile,
  stemsFile,
  symbolsFile,
  wordsFile,
  type Check,
} from "./schema.js";

export { LexiconError } from "./schema.js";

/** The directory of the lexicon files shipped with the code. */
export const LEXICON_DIRECTORY = path.dirname(fileURLToPath(import.meta.url));

const FILES = {
  concepts: ["concepts.yaml", conceptsFile],
  phrases: ["phrases.yaml", phrasesFile],
  words: ["words.yaml", wordsFile],
  stems: ["stems.yaml", stemsFile],
  symbols: ["symbols.yaml", symbolsFile],
  discovery: ["discovery.yaml", discoveryFile],
  requestForms: ["request-forms.yaml", requestFormsFile],
  contrasts: ["contrasts.yaml", contrastsFile],
} as const satisfies Record<string, readonly [string, Check<unknown>]>;

type FileData<Key extends keyof typeof FILES> = ReturnType<(typeof FILES)[Key][1]>;

/** One concept with its notation resolved: fragments inserted, shared lists spread in place. */
export interface ConceptGroup {
  concept: string;
  reason: string;
  spellings: readonly string[];
  /** Regular-expression sources, each matched on its own with the `g` flag against folded text. */
  notation: readonly string[];
}

/** One request form with its patterns resolved: fragments and word lists inserted, the patterns joined as alternatives. */
export interface RequestForm {
  name: string;
  reason: string;
  kind: "family_or_help" | "whatever_the_notation";
  /** A requirement's name (`requirements`): the form holds only where that pattern matches too. */
  requires: string | null;
  /** One regular-expression source (the form's patterns as alternatives), compiled with `flags`. */
  source: string;
  flags: "i" | "iu";
}

export interface RequestForms {
  /** Requirement name -> regular-expression source, compiled with flag `i`. */
  requirements: readonly (readonly [string, string])[];
  forms: readonly RequestForm[];
}

export interface Lexicon {
  /**
   * SHA-256 of the files' checked content (canonical JSON of each, in file order): any change to what the files say
   * changes it; a comment or layout change does not. The sparse view versions derive from it (normalize.ts).
   */
  readonly hash: string;
  readonly concepts: readonly ConceptGroup[];
  readonly phrases: FileData<"phrases">;
  readonly words: FileData<"words">;
  readonly stems: FileData<"stems">;
  readonly symbols: FileData<"symbols">;
  readonly discovery: FileData<"discovery">;
  readonly requestForms: RequestForms;
  readonly contrasts: FileData<"contrasts">;
}

function readChecked<Value>(directory: string, file: string, check: Check<Value>): Value {
  let parsed: unknown;
  try {
    parsed = YAML.parse(readFileSync(path.join(directory, file), "utf8"));
  } catch (error) {
    throw new LexiconError(file, "", `cannot be read as YAML: ${(error as Error).message}`);
  }
  try {
    return check(parsed, "");
  } catch (error) {
    if (error instanceof EntryError) throw new LexiconError(file, error.at.replace(/^\./, ""), error.problem);
    throw error;
  }
}

const FRAGMENT = /\{\{([\w-]+)\}\}/g;

/** Resolves `{{fragment}}` and `@shared` in each concept's notation; an unknown name is an error naming the concept. */
function resolveConcepts(data: FileData<"concepts">): ConceptGroup[] {
  const fragments = new Map(data.fragments);
  const shared = new Map(data.shared_notations);
  return data.groups.map((group, index) => {
    const at = `groups[${index}] (concept ${JSON.stringify(group.concept)}).notation`;
    const notation = (group.notation ?? []).flatMap((item, position) => {
      if (item.startsWith("@")) {
        const patterns = shared.get(item.slice(1));
        if (patterns === undefined)
          throw new LexiconError(
            "concepts.yaml",
            `${at}[${position}]`,
            `no shared notation "${item.slice(1)}" (known: ${[...shared.keys()].join(", ")})`,
          );
        return patterns;
      }
      const source = item.replace(FRAGMENT, (_match, name: string) => {
        const fragment = fragments.get(name);
        if (fragment === undefined)
          throw new LexiconError(
            "concepts.yaml",
            `${at}[${position}]`,
            `no fragment "${name}" (known: ${[...fragments.keys()].join(", ")})`,
          );
        return fragment;
      });
      try {
        new RegExp(source, "g");
      } catch (error) {
        throw new LexiconError(
          "concepts.yaml",
          `${at}[${position}]`,
          `invalid regular expression: ${(error as Error).message}`,
        );
      }
      return [source];
    });
    return { concept: group.concept, reason: group.reason, spellings: group.spellings, notation };
  });
}

/** A plain word list as an alternation: each word escaped, in the order given; `space` is what a space in a word matches. */
export function alternation(words: readonly string[], space: string): string {
  return `(?:${words.map((entry) => entry.replace(/[$()*+.?[\\\]^{|}]/g, "\\$&").replace(/ /g, space)).join("|")})`;
}

/** Resolves `{{name}}` in each request form's patterns (fragments and word lists), joins and compiles them. */
function resolveRequestForms(data: FileData<"requestForms">): RequestForms {
  const file = "request-forms.yaml";
  const inserts = new Map<string, string>(data.fragments);
  for (const [name, words] of data.word_lists) {
    if (inserts.has(name)) throw new LexiconError(file, `word_lists.${name}`, `"${name}" is also a fragment`);
    inserts.set(name, alternation(words, String.raw`\s+`));
  }
  const requirements = new Set(data.requirements.map(([name]) => name));
  const names = new Set<string>();
  const forms = data.forms.map((form, index): RequestForm => {
    const at = `forms[${index}] (name ${JSON.stringify(form.name)})`;
    if (names.has(form.name)) throw new LexiconError(file, `${at}.name`, `"${form.name}" is listed twice`);
    names.add(form.name);
    if (form.requires !== undefined && !requirements.has(form.requires)) {
      throw new LexiconError(
        file,
        `${at}.requires`,
        `no requirement "${form.requires}" (known: ${[...requirements].join(", ")})`,
      );
    }
    const patterns = form.patterns.map((item, position) =>
      item.replace(FRAGMENT, (_match, name: string) => {
        const insert = inserts.get(name);
        if (insert === undefined)
          throw new LexiconError(
            file,
            `${at}.patterns[${position}]`,
            `no fragment or word list "${name}" (known: ${[...inserts.keys()].join(", ")})`,
          );
        return insert;
      }),
    );
    const flags = form.flags ?? "i";
    patterns.forEach((source, position) => {
      try {
        new RegExp(source, flags);
      } catch (error) {
        throw new LexiconError(
          file,
          `${at}.patterns[${position}]`,
          `invalid regular expression: ${(error as Error).message}`,
        );
      }
    });
    return {
      name: form.name,
      reason: form.reason,
      kind: form.kind,
      requires: form.requires ?? null,
      source: patterns.join("|"),
      flags,
    };
  });
  return { requirements: data.requirements, forms };
}

/** Checks between files: what one table refers to must exist in another. */
function checkReferences(symbols: FileData<"symbols">, words: FileData<"words">): void {
  const systems = new Set(symbols.number_systems.map(([letter]) => letter));
  for (const [glyph, letter] of symbols.double_struck) {
    if (!systems.has(letter))
      throw new LexiconError("symbols.yaml", `double_struck.${glyph}`, `"${letter}" is not a key of number_systems`);
  }
  const relations = new Set<string>(symbols.relation_words);
  const numbers = new Set(words.number_words.map(([name]) => name));
  words.spoken_fractions.counts.forEach((count, index) => {
    if (count !== "a" && count !== "one" && !numbers.has(count))
      throw new LexiconError(
        "words.yaml",
        `spoken_fractions.counts[${index}]`,
        `"${count}" is neither "a", "one" nor a key of number_words`,
      );
  });
  words.prose_relations.forEach(({ phrase, relation }, index) => {
    if (!relations.has(relation))
      throw new LexiconError(
        "words.yaml",
        `prose_relations[${index}] (phrase ${JSON.stringify(phrase)}).relation`,
        `"${relation}" is not in symbols.yaml relation_words`,
      );
  });
}

function deepFreeze<Value>(value: Value): Value {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** Reads and checks every lexicon file in `directory`; throws a LexiconError naming the file and entry at the first problem. */
export function loadLexicon(directory: string = LEXICON_DIRECTORY): Lexicon {
  const known = new Set<string>(Object.values(FILES).map(([file]) => file));
  const strays = readdirSync(directory).filter((file) => /\.ya?ml$/.test(file) && !known.has(file));
  // A data file the loader does not read would be knowledge nobody uses, and outside the hash.
  if (strays.length > 0)
    throw new LexiconError(strays[0]!, "", `is not a lexicon file (known: ${[...known].join(", ")})`);
  const concepts = readChecked(directory, ...FILES.concepts);
  const phrases = readChecked(directory, ...FILES.phrases);
  const words = readChecked(directory, ...FILES.words);
  const stems = readChecked(directory, ...FILES.stems);
  const symbols = readChecked(directory, ...FILES.symbols);
  const discovery = readChecked(directory, ...FILES.discovery);
  const requestForms = readChecked(directory, ...FILES.requestForms);
  const contrasts = readChecked(directory, ...FILES.contrasts);
  checkReferences(symbols, words);
  const hash = createHash("sha256");
  for (const [name, data] of Object.entries({
    concepts,
    phrases,
    words,
    stems,
    symbols,
    discovery,
    requestForms,
    contrasts,
  }))
    hash.update(`${name}\0${JSON.stringify(data)}\0`);
  return deepFreeze({
    hash: hash.digest("hex"),
    concepts: resolveConcepts(concepts),
    phrases,
    words,
    stems,
    symbols,
    discovery,
    requestForms: resolveRequestForms(requestForms),
    contrasts,
  });
}

/** The lexicon shipped with the code, loaded once (see the note at the top). */
export const LEXICON: Lexicon = loadLexicon();
