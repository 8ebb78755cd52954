// Symbol tables for text normalisation: LaTeX commands and Unicode characters mapped to one
// spelling, so `\phi`, `φ` and `phi` (or `\le`, `≤` and `<=`) become the same token.

/** Relation words produced for every spelling of a relation; parameter extraction reads them. */
export const RELATION_WORDS = ["le", "ge", "lt", "gt", "eq", "ne"] as const;

const GREEK_NAMES = [
  "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu",
  "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega",
];

/** LaTeX command (without backslash) -> replacement text. Unknown commands become their name. */
export const LATEX_COMMANDS: ReadonlyMap<string, string> = new Map<string, string>([
  ...GREEK_NAMES.map((name): [string, string] => [name, name]),
  // Variant glyphs name the same letter; mathematicians use them interchangeably.
  ["varepsilon", "epsilon"], ["varphi", "phi"], ["vartheta", "theta"], ["varpi", "pi"],
  ["varrho", "rho"], ["varsigma", "sigma"], ["varkappa", "kappa"],
  ["le", " le "], ["leq", " le "], ["leqslant", " le "], ["ge", " ge "], ["geq", " ge "],
  ["geqslant", " ge "], ["ne", " ne "], ["neq", " ne "], ["lt", " lt "], ["gt", " gt "],
  ["infty", " infinity "], ["sum", " sum "], ["prod", " product "], ["int", " integral "],
  ["subseteq", " subset "], ["subset", " subset "], ["subsetneq", " subset "], ["supseteq", " superset "],
  ["supset", " superset "], ["cup", " union "], ["bigcup", " union "], ["cap", " intersection "],
  ["bigcap", " intersection "], ["in", " in "], ["notin", " not in "], ["forall", " for all "],
  ["exists", " exists "], ["to", " to "], ["rightarrow", " to "], ["mapsto", " to "],
  ["sim", " sim "], ["approx", " approx "], ["asymp", " asymp "], ["ll", " ll "], ["gg", " gg "],
  ["equiv", " equiv "], ["pmod", " mod "], ["bmod", " mod "], ["mod", " mod "], ["mid", " divides "],
  ["nmid", " not divides "], ["times", " times "], ["emptyset", " emptyset "], ["varnothing", " emptyset "],
  ["binom", " binomial "], ["choose", " binomial "], ["lfloor", " floor "], ["rfloor", " "],
  ["lceil", " ceil "], ["rceil", " "], ["sqrt", " sqrt "], ["partial", " partial "],
  // One symbol for `\pm` (no letters, so a bare `±` adds no word): `±1` then meets `{-1, +1}` and the prose (synonyms.ts).
  ["pm", " +- "], ["mp", " -+ "],
  // A script l is the letter l, as NFKD reads the Unicode `ℓ`: `2^k 3^\ell` and `2^k 3^l` are one expression.
  ["ell", "l"],
]);

/**
 * Commands that only format their argument (or space it): dropped, the argument kept.
 * `\mathbb` is handled separately because its argument names a number system.
 */
export const FORMATTING_COMMANDS: ReadonlySet<string> = new Set([
  "mathrm", "mathbf", "mathit", "mathcal", "mathfrak", "mathsf", "mathtt", "boldsymbol", "text", "textbf",
  "textit", "textrm", "emph", "operatorname", "left", "right", "big", "bigl", "bigr", "Big", "Bigl", "Bigr",
  "bigg", "Bigg", "displaystyle", "limits", "quad", "qquad", "hat", "tilde", "bar", "overline",
  "underline", "widehat", "widetilde", "cdot", "cdots", "ldots", "dots", "dotsc", "dotsb", "dotso", "dotsm", "vdots", "ddots", "colon",
  "langle", "rangle", "vert", "lvert", "rvert", "Vert", "lVert", "rVert", "setminus", "backslash",
  "begin", "end", "label", "tag", "nonumber", "prime", "circ", "star", "ast",
]);

/** `\mathbb{X}` and the double-struck Unicode letters: the number systems they usually denote. */
export const NUMBER_SYSTEMS: ReadonlyMap<string, string> = new Map([
  ["N", " naturals "], ["Z", " integers "], ["Q", " rationals "], ["R", " reals "], ["C", " complexes "],
  ["P", " primes "], ["F", " field "],
]);

const DOUBLE_STRUCK: Record<string, string> = { "ℕ": "N", "ℤ": "Z", "ℚ": "Q", "ℝ": "R", "ℂ": "C", "ℙ": "P" };

/** Unicode characters -> replacement; applied before NFKD, which would flatten ℕ to N. */
export const UNICODE_SYMBOLS: ReadonlyMap<string, string> = new Map<string, string>([
  ...Object.entries(DOUBLE_STRUCK).map(([glyph, letter]): [string, string] => [glyph, NUMBER_SYSTEMS.get(letter) ?? " "]),
  ["≤", " le "], ["⩽", " le "], ["≦", " le "], ["≥", " ge "], ["⩾", " ge "], ["≧", " ge "], ["≠", " ne "],
  ["∞", " infinity "], ["∑", " sum "], ["Σ", " sum "], ["∏", " product "], ["∫", " integral "],
  ["√", "\\sqrt "], ["∈", " in "], ["∉", " not in "], ["⊆", " subset "], ["⊂", " subset "],
  ["⊊", " subset "], ["⊇", " superset "], ["⊃", " superset "], ["∪", " union "], ["∩", " intersection "],
  ["∀", " for all "], ["∃", " exists "], ["→", " to "], ["↦", " to "], ["∼", " sim "], ["≈", " approx "],
  ["≍", " asymp "], ["≪", " ll "], ["≫", " gg "], ["≡", " equiv "], ["∣", " divides "], ["∤", " not divides "],
  ["×", " times "], ["∅", " emptyset "], ["⌊", " floor "], ["⌋", " "], ["⌈", " ceil "], ["⌉", " "],
  ["∂", " partial "], ["±", " +- "], ["∓", " -+ "], ["·", " "], ["⋅", " "], ["…", " "], ["⋯", " "], ["−", "-"], ["–", "-"], ["—", " "], ["’", "'"],
]);

const GREEK_LOWER = "αβγδεζηθικλμνξοπρστυφχψω";
const GREEK_UPPER = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ";

/** Greek letters -> their names; applied after NFKD (which already folds ϕ to φ, ϵ to ε). */
export const GREEK_LETTERS: ReadonlyMap<string, string> = new Map<string, string>([
  ...[...GREEK_LOWER].map((glyph, index): [string, string] => [glyph, ` ${GREEK_NAMES[index] ?? ""} `]),
  ...[...GREEK_UPPER].map((glyph, index): [string, string] => [glyph, ` ${GREEK_NAMES[index] ?? ""} `]),
  ["ς", " sigma "],
]);
