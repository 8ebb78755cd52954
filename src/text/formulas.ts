// Formula shingles: a formula's shape as short runs of its symbols, so `φ(n) > φ(n − φ(n))` meets
// `$\varphi(n) > \varphi(n-\varphi(n))$` and `2 f(x) at most f(x+h) + f(x+2h)` meets `2f(x) \leq f(x+h)+f(x+2h)`.
// Words alone lose a formula: it leaves a few letters and "phi" three times, which a neighbour about the
// totient holds as well. Read from folded text (latex.ts), where every spelling of a symbol is already one.

import { RELATION_WORDS } from "./latex-symbols.js";
import { LEXICON } from "./lexicon/load.js";
import { allMatches } from "./all-matches.js";

/** Symbols in a run; a longer run says more, but a paraphrase rarely keeps more than a few symbols in a row. */
export const FORMULA_SHINGLE_LENGTH = 3;
/** Marks a shingle token apart from words, parameters, phrases and pairs (tokenKind reads it). */
export const FORMULA_MARK = "ƒ";

/** Words that belong to a formula: relations, functions and operators as foldText spells them, and Greek letters (lexicon/symbols.yaml). */
const FORMULA_WORDS: ReadonlySet<string> = new Set([...RELATION_WORDS, ...LEXICON.symbols.formula_words]);

/**
 * Grouping and juxtaposition are spelled too many ways to compare: `\frac{a}{b}`, `a/b` and `a/(b)`; `p_{n+1}`
 * and `p(n+1)`; `2f(x)` and `2 \cdot f(x)`; `|A|` and `\lvert A \rvert` (foldText drops the latter). They are
 * dropped, so each spelling leaves the same run of symbols.
 */
const DROPPED: ReadonlySet<string> = new Set([
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
  ",",
  "*",
  "/",
  "_",
  "|",
  "'",
  "frac",
  "dfrac",
  "tfrac",
]);
const OPERATORS: ReadonlySet<string> = new Set(["+", "-", "^", "!"]);

/** A word keeps its apostrophe ("it's", "Erdős's"), so its `s` is no variable. */
const ATOM = /[a-z]+(?:'[a-z]+)*|\d+(?:\.\d+)?|[-+*/^_|!,(){}[\]']/g;

function isFormulaAtom(atom: string): boolean {
  return atom.length === 1 || /^\d/.test(atom) || FORMULA_WORDS.has(atom) || DROPPED.has(atom);
}

/** A variable or a number says nothing alone; a shingle must hold an operator, a relation or a function. */
function isSymbol(atom: string): boolean {
  return OPERATORS.has(atom) || (atom.length > 1 && FORMULA_WORDS.has(atom));
}

/** Shingle tokens of every formula in folded text; a prose word ends a formula. */
export function formulaShingles(folded: string): string[] {
  const shingles: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    for (let start = 0; start + FORMULA_SHINGLE_LENGTH <= run.length; start += 1) {
      const shingle = run.slice(start, start + FORMULA_SHINGLE_LENGTH);
      if (shingle.some(isSymbol)) shingles.push(FORMULA_MARK + shingle.join(" "));
    }
    run = [];
  };
  for (const [atom] of allMatches(folded, ATOM)) {
    if (!isFormulaAtom(atom)) flush();
    else if (!DROPPED.has(atom)) run.push(atom);
  }
  flush();
  return shingles;
}
