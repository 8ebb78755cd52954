// The shape of every lexicon file, checked when it is loaded (load.ts). Hand-written rather than a JSON Schema
// or zod: the files are few, the checks are small, and no dependency is needed. Each check names the file and the
// entry it rejects ("concepts.yaml: groups[12] (concept "divides").notation[0]: invalid regular expression ...").

/** A check reads one parsed YAML value at a path (`groups[3].spellings`) and returns it typed, or throws. */
export type Check<Value> = (value: unknown, at: string) => Value;

export class LexiconError extends Error {
  constructor(file: string, at: string, problem: string) {
    super(`lexicon ${file}: ${at === "" ? "(top level)" : at}: ${problem}`);
    this.name = "LexiconError";
  }
}

/** Thrown by a check; load.ts adds the file name. */
export class EntryError extends Error {
  constructor(
    readonly at: string,
    readonly problem: string,
  ) {
    super(`${at}: ${problem}`);
  }
}

const describe = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "a list" : typeof value);

export const text: Check<string> = (value, at) => {
  if (typeof value !== "string") throw new EntryError(at, `expected a string, got ${describe(value)}`);
  if (value.trim() === "") throw new EntryError(at, "expected a non-empty string");
  return value;
};

/** A replacement text, where spaces are significant (`" le "`) and the empty or blank string is allowed. */
export const replacement: Check<string> = (value, at) => {
  if (typeof value !== "string") throw new EntryError(at, `expected a string, got ${describe(value)}`);
  return value;
};

/** A lower-case word or phrase as folded text spells it: letters, digits, spaces, apostrophes and hyphens. */
export const word: Check<string> = (value, at) => {
  const checked = text(value, at);
  if (!/^[a-z0-9][a-z0-9' -]*$/.test(checked))
    throw new EntryError(at, `"${checked}" is not a lower-case word or phrase (a-z, 0-9, spaces, ' and -)`);
  return checked;
};

/** One character (one code point), as the Unicode tables key them. */
export const glyph: Check<string> = (value, at) => {
  const checked = text(value, at);
  if ([...checked].length !== 1) throw new EntryError(at, `"${checked}" is not a single character`);
  return checked;
};

/** A regular expression's source; compiled here so a typo fails at load, not at the first query. */
export function pattern(flags: string): Check<string> {
  return (value, at) => {
    const source = text(value, at);
    try {
      new RegExp(source, flags);
    } catch (error) {
      throw new EntryError(at, `invalid regular expression: ${(error as Error).message}`);
    }
    return source;
  };
}

export function oneOf<Value extends string>(allowed: readonly Value[]): Check<Value> {
  return (value, at) => {
    if (typeof value !== "string" || !allowed.includes(value as Value))
      throw new EntryError(at, `expected one of ${allowed.join(", ")}, got ${JSON.stringify(value)}`);
    return value as Value;
  };
}

/** A list; `unique` rejects a repeated item (a repeat is always a copy-paste slip in a word list). */
export function list<Item>(
  item: Check<Item>,
  options: { unique?: boolean; nonEmpty?: boolean } = {},
): Check<readonly Item[]> {
  return (value, at) => {
    if (!Array.isArray(value)) throw new EntryError(at, `expected a list, got ${describe(value)}`);
    if (options.nonEmpty && value.length === 0) throw new EntryError(at, "expected a non-empty list");
    const items = value.map((entry, index) => item(entry, `${at}[${index}]`));
    if (options.unique) {
      const seen = new Set<Item>();
      items.forEach((entry, index) => {
        if (seen.has(entry)) throw new EntryError(`${at}[${index}]`, `${JSON.stringify(entry)} is listed twice`);
        seen.add(entry);
      });
    }
    return items;
  };
}

/** A mapping from keys to values, kept as ordered entries (order matters where later tables are built from it). */
export function entries<Value>(key: Check<string>, item: Check<Value>): Check<readonly (readonly [string, Value])[]> {
  return (value, at) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new EntryError(at, `expected a mapping, got ${describe(value)}`);
    return Object.entries(value).map(
      ([name, entry]) => [key(name, `${at}.${name}`), item(entry, `${at}.${name}`)] as const,
    );
  };
}

type Fields = Record<string, Check<unknown>>;
type Shape<F extends Fields> = { readonly [K in keyof F]: F[K] extends Check<infer Value> ? Value : never };

/**
 * A mapping with exactly these fields (`optional` ones may be left out): an unknown field is a typo
 * ("spelling:" for "spellings:") that would otherwise be silently ignored. `label` names an entry by its
 * own content in messages (`groups[3] (concept "count")`).
 */
export function record<F extends Fields>(
  fields: F,
  options: { optional?: readonly (keyof F)[]; label?: (value: Record<string, unknown>) => string } = {},
): Check<Shape<F>> {
  return (value, at) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new EntryError(at, `expected a mapping, got ${describe(value)}`);
    const object = value as Record<string, unknown>;
    const where = options.label === undefined ? at : `${at} (${options.label(object)})`;
    for (const name of Object.keys(object)) {
      if (!(name in fields))
        throw new EntryError(where, `unknown field "${name}" (expected ${Object.keys(fields).join(", ")})`);
    }
    const result: Record<string, unknown> = {};
    for (const [name, check] of Object.entries(fields)) {
      if (!(name in object)) {
        if (options.optional?.includes(name)) continue;
        throw new EntryError(where, `missing field "${name}"`);
      }
      result[name] = check(object[name], `${where}.${name}`);
    }
    return result as Shape<F>;
  };
}

// --- The files ---------------------------------------------------------------------------------------------

const RELATIONS = ["le", "ge", "lt", "gt", "eq", "ne"] as const;

/** concepts.yaml: concept groups (concepts.ts). Notation is matched with the `g` flag against folded text. */
export const conceptsFile = record({
  fragments: entries(text, pattern("")),
  shared_notations: entries(text, list(pattern("g"), { nonEmpty: true })),
  groups: list(
    record(
      {
        concept: word,
        reason: text,
        spellings: list(word, { unique: true }),
        // A notation item is a pattern (`{{name}}` inserts a fragment) or `@name`, a shared list of patterns.
        notation: list(text, { nonEmpty: true }),
      },
      { optional: ["notation"], label: (group) => `concept ${JSON.stringify(group.concept)}` },
    ),
    { nonEmpty: true },
  ),
});

/** phrases.yaml: definitional phrases and other spellings of them (normalize.ts). */
export const phrasesFile = record({
  groups: list(
    record(
      { reason: text, phrases: list(word, { unique: true, nonEmpty: true }) },
      { label: (group) => `reason ${JSON.stringify(group.reason)}` },
    ),
  ),
  spellings: list(
    record(
      { reason: text, phrase: word, spellings: list(word, { unique: true, nonEmpty: true }) },
      { label: (entry) => `phrase ${JSON.stringify(entry.phrase)}` },
    ),
  ),
});

const digits: Check<string> = (value, at) => {
  const checked = text(value, at);
  if (!/^\d+$/.test(checked)) throw new EntryError(at, `expected digits, got ${JSON.stringify(checked)}`);
  return checked;
};

/** words.yaml: stopwords, number words, prose relations, abbreviations and determiners (stopwords.ts, words.ts, latex.ts). */
export const wordsFile = record({
  function_words: list(word, { unique: true }),
  discourse_words: list(word, { unique: true }),
  operator_words: list(word, { unique: true }),
  number_words: entries(word, digits),
  prose_relations: list(
    record(
      { phrase: word, relation: oneOf(RELATIONS) },
      { label: (entry) => `phrase ${JSON.stringify(entry.phrase)}` },
    ),
  ),
  spoken_fractions: record({
    counts: list(word, { unique: true, nonEmpty: true }),
    denominators: entries(word, digits),
  }),
  abbreviations: entries(word, list(word, { nonEmpty: true })),
  determiners: list(word, { unique: true }),
});

/** stems.yaml: irregular forms, words the suffix rules must leave alone, derivational families (stem.ts). */
export const stemsFile = record({
  irregular: entries(word, word),
  protected: list(word, { unique: true }),
  derivations: list(
    record(
      { base: word, forms: list(word, { unique: true, nonEmpty: true }) },
      { label: (family) => `base ${JSON.stringify(family.base)}` },
    ),
  ),
});

const latexName: Check<string> = (value, at) => {
  const name = text(value, at);
  if (!/^[A-Z]+$/i.test(name))
    throw new EntryError(at, `"${name}" is not a LaTeX command name (letters only, no backslash)`);
  return name;
};

/** A superscript or subscript glyph: one character, not ASCII (the tables build a character class of them). */
const scriptGlyph: Check<string> = (value, at) => {
  const checked = glyph(value, at);
  if (checked.charCodeAt(0) < 0x80)
    throw new EntryError(at, `"${checked}" is an ASCII character, not a superscript or subscript glyph`);
  return checked;
};

/** The ten glyphs of the digits 0 to 9, in order. */
const digitGlyphs: Check<readonly string[]> = (value, at) => {
  const glyphs = list(scriptGlyph, { unique: true })(value, at);
  if (glyphs.length !== 10)
    throw new EntryError(at, `expected the 10 glyphs of the digits 0 to 9, got ${glyphs.length}`);
  return glyphs;
};

const letter: Check<string> = (value, at) => {
  const checked = text(value, at);
  if (!/^[a-z]$/.test(checked)) throw new EntryError(at, `"${checked}" is not one lower-case letter`);
  return checked;
};

/** symbols.yaml: LaTeX commands and Unicode characters and their one spelling (latex-symbols.ts, formulas.ts). */
export const symbolsFile = record({
  relation_words: list(oneOf(RELATIONS), { unique: true }),
  greek: list(
    record({ name: word, lower: glyph, upper: glyph }, { label: (letter) => `name ${JSON.stringify(letter.name)}` }),
    { nonEmpty: true },
  ),
  greek_variants: entries(glyph, word),
  latex_commands: entries(latexName, replacement),
  formatting_commands: list(latexName, { unique: true }),
  number_systems: entries((value, at) => {
    const letter = text(value, at);
    if (!/^[A-Z]$/.test(letter)) throw new EntryError(at, `"${letter}" is not one capital letter`);
    return letter;
  }, replacement),
  double_struck: entries(glyph, text),
  unicode_symbols: entries(glyph, replacement),
  formula_words: list(word, { unique: true }),
  superscript_digits: digitGlyphs,
  subscript_digits: digitGlyphs,
  subscript_letters: entries(scriptGlyph, letter),
  superscript_letters: entries(scriptGlyph, letter),
});

/** discovery.yaml: discovery's request and area vocabulary (discovery.constants.ts). */
export const discoveryFile = record({
  area_head_words: list(word, { unique: true }),
  generic_query_words: list(
    record(
      { reason: text, words: list(word, { unique: true, nonEmpty: true }) },
      { label: (group) => `reason ${JSON.stringify(group.reason)}` },
    ),
  ),
  remark_openings: record({
    kinds: list(word, { unique: true, nonEmpty: true }),
    name_words: list(word, { unique: true, nonEmpty: true }),
  }),
});

/** A name of a form, fragment or list: lower-case letters, digits and underscores. */
const identifier: Check<string> = (value, at) => {
  const name = text(value, at);
  if (!/^[a-z][a-z0-9_]*$/.test(name))
    throw new EntryError(at, `"${name}" is not a name (a-z, 0-9 and _, starting with a letter)`);
  return name;
};

/** A word of a request-form word list: a lower-case word or phrase, where a tactic name may also hold `_` (`simp_all`). */
const listWord: Check<string> = (value, at) => {
  const checked = text(value, at);
  if (!/^[a-z0-9][a-z0-9_' -]*$/.test(checked))
    throw new EntryError(at, `"${checked}" is not a lower-case word or phrase (a-z, 0-9, _, spaces, ' and -)`);
  return checked;
};

/** request-forms.yaml: the request forms that ask for something other than one problem (request-forms.ts). */
export const requestFormsFile = record({
  // Fragments and form patterns may hold `{{name}}`: they are compiled once resolved (load.ts), not here.
  fragments: entries(identifier, text),
  word_lists: entries(identifier, list(listWord, { unique: true, nonEmpty: true })),
  requirements: entries(identifier, pattern("i")),
  forms: list(
    record(
      {
        name: identifier,
        reason: text,
        kind: oneOf(["family_or_help", "whatever_the_notation"] as const),
        requires: identifier,
        flags: oneOf(["i", "iu"] as const),
        patterns: list(text, { unique: true, nonEmpty: true }),
      },
      { optional: ["requires", "flags"], label: (form) => `name ${JSON.stringify(form.name)}` },
    ),
    { nonEmpty: true },
  ),
});

/** A phrase list tried in order: a phrase that extends an earlier one could never match, so it must come first. */
function longerFirst(at: string, phrases: readonly string[]): readonly string[] {
  phrases.forEach((phrase, index) => {
    const earlier = phrases.slice(0, index).find((shorter) => phrase.startsWith(`${shorter} `));
    if (earlier !== undefined)
      throw new EntryError(
        `${at}[${index}]`,
        `"${phrase}" extends the earlier "${earlier}", which would always match first: list it before`,
      );
  });
  return phrases;
}

/** contrasts.yaml: the cues that set a clause aside and the words that turn back (contrasts.ts). */
export const contrastsFile = record({
  cue_phrases: (value, at) => longerFirst(at, list(word, { unique: true, nonEmpty: true })(value, at)),
  not_clause_words: list(word, { unique: true, nonEmpty: true }),
  not_joined_by: list(word, { unique: true, nonEmpty: true }),
  not_exceptions: list(word, { unique: true, nonEmpty: true }),
  turn_words: (value, at) => longerFirst(at, list(word, { unique: true, nonEmpty: true })(value, at)),
});
