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
  conceptsFile, discoveryFile, EntryError, LexiconError, phrasesFile, stemsFile, symbolsFile, wordsFile, type Check,
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
        if (patterns === undefined) throw new LexiconError("concepts.yaml", `${at}[${position}]`, `no shared notation "${item.slice(1)}" (known: ${[...shared.keys()].join(", ")})`);
        return patterns;
      }
      const source = item.replace(FRAGMENT, (_match, name: string) => {
        const fragment = fragments.get(name);
        if (fragment === undefined) throw new LexiconError("concepts.yaml", `${at}[${position}]`, `no fragment "${name}" (known: ${[...fragments.keys()].join(", ")})`);
        return fragment;
      });
      try {
        new RegExp(source, "g");
      } catch (error) {
        throw new LexiconError("concepts.yaml", `${at}[${position}]`, `invalid regular expression: ${(error as Error).message}`);
      }
      return [source];
    });
    return { concept: group.concept, reason: group.reason, spellings: group.spellings, notation };
  });
}

/** Checks between files: what one table refers to must exist in another. */
function checkReferences(symbols: FileData<"symbols">, words: FileData<"words">): void {
  const systems = new Set(symbols.number_systems.map(([letter]) => letter));
  for (const [glyph, letter] of symbols.double_struck) {
    if (!systems.has(letter)) throw new LexiconError("symbols.yaml", `double_struck.${glyph}`, `"${letter}" is not a key of number_systems`);
  }
  const relations = new Set<string>(symbols.relation_words);
  words.prose_relations.forEach(({ phrase, relation }, index) => {
    if (!relations.has(relation)) throw new LexiconError("words.yaml", `prose_relations[${index}] (phrase ${JSON.stringify(phrase)}).relation`, `"${relation}" is not in symbols.yaml relation_words`);
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
  if (strays.length > 0) throw new LexiconError(strays[0]!, "", `is not a lexicon file (known: ${[...known].join(", ")})`);
  const concepts = readChecked(directory, ...FILES.concepts);
  const phrases = readChecked(directory, ...FILES.phrases);
  const words = readChecked(directory, ...FILES.words);
  const stems = readChecked(directory, ...FILES.stems);
  const symbols = readChecked(directory, ...FILES.symbols);
  const discovery = readChecked(directory, ...FILES.discovery);
  checkReferences(symbols, words);
  const hash = createHash("sha256");
  for (const [name, data] of Object.entries({ concepts, phrases, words, stems, symbols, discovery })) hash.update(`${name}\0${JSON.stringify(data)}\0`);
  return deepFreeze({ hash: hash.digest("hex"), concepts: resolveConcepts(concepts), phrases, words, stems, symbols, discovery });
}

/** The lexicon shipped with the code, loaded once (see the note at the top). */
export const LEXICON: Lexicon = loadLexicon();
