// Relations between expressions as canonical tokens: a linear equation in three or more unknowns
// (`x+3y=2z+2w`), a bound between parameters (`m ≥ n+k`), one function compared at two arguments
// (`φ(n) = φ(n+1)`) and a one-variable form (`n^2 + 1`, `3n + 1`). Their symbols carry the identity of
// many additive and combinatorial problems and leave no word behind once variables are dropped.

import { RELATION_FLIP } from "./parameters.js";
import { allMatches, GuardedPattern } from "./all-matches.js";

/**
 * A term of a linear form: an optional integer coefficient and one variable letter. Only a coefficient may be
 * followed by spaces: if the term could also start with them, each space after a `+` could belong to either,
 * and a long sum that is no equation (`x + x + … + x`) would take exponential time to reject.
 */
const TERM = String.raw`(?:\d+\s*)?[a-z]`;
const SIDE = String.raw`${TERM}(?:\s*[+-]\s*${TERM})*`;
/**
 * Both sides bounded so a longer expression (`f(x+y)`, `a_i`) is not read as a linear form. A side starts only
 * where a sum starts (not after a sign or a coefficient), so a long sum is scanned once, not once per term.
 */
const SUM_START = String.raw`(?<![a-z0-9^_(/])(?<![+-]\s*)(?<!\d\s+)`;
const LINEAR_EQUATION = new GuardedPattern(
  new RegExp(String.raw`${SUM_START}(${SIDE})\s+eq\s+(${SIDE})(?![a-z0-9^_(/])`, "g"),
);
const PARAMETER_BOUND = new GuardedPattern(
  /(?<![a-z0-9^_(/])(?<![+-]\s*)([a-z])\s+(le|ge|lt|gt)\s+([a-z](?:\s*[+-]\s*(?:\d+|[a-z]))+)(?![a-z0-9^_(/])/g,
);

/** Signed coefficients of one side, sorted: variable names are arbitrary, the shape is not. */
function coefficients(side: string): string[] {
  const terms = [...allMatches(side.replace(/\s+/g, ""), /([+-]?)(\d*)([a-z])/g)];
  return terms
    .map(([, sign, coefficient]) => `${sign === "-" ? "-" : ""}${coefficient === "" ? "1" : coefficient}`)
    .sort();
}

/** `x+3y eq 2z+2w` -> `lin_1+3_eq_2+2`; the sides are ordered, so `2z+2w = x+3y` gives the same token. */
export function linearEquations(folded: string): string[] {
  const tokens: string[] = [];
  for (const [, left = "", right = ""] of allMatches(folded, LINEAR_EQUATION)) {
    const variables = new Set(`${left} ${right}`.match(/[a-z]/g) ?? []);
    // Fewer than three unknowns is a definition or a substitution (`n = 2k`), not an equation to solve.
    if (variables.size < 3) continue;
    const sides = [coefficients(left), coefficients(right)].map((side) => side.join("+")).sort();
    tokens.push(`lin_${sides.join("_eq_")}`);
  }
  return tokens;
}

/** `m ge n+k` -> `m_ge_k+n` (terms sorted); only compound right-hand sides, a bare `k le n` says too little. */
export function parameterBounds(folded: string): string[] {
  const tokens: string[] = [];
  for (const [, variable = "", relation = "", expression = ""] of allMatches(folded, PARAMETER_BOUND)) {
    const terms = expression.replace(/\s+/g, "").match(/[+-]?(?:\d+|[a-z])/g) ?? [];
    const sorted = terms
      .map((term) => term.replace(/^\+/, ""))
      .sort()
      .join("+");
    tokens.push(`${variable}_${relation}_${sorted}`);
  }
  return tokens;
}

/** A fraction over one letter (`4/n`, `1/x`, `a/b`); a sum of them is one side of a unit-fraction equation. */
const FRACTION = String.raw`(?:\d+|[a-z])\s*/\s*[a-z]`;
const FRACTION_SIDE = String.raw`${FRACTION}(?:\s*\+\s*${FRACTION})*`;
const FRACTION_EQUATION = new GuardedPattern(
  new RegExp(
    String.raw`${SUM_START}(?<!\.)(${FRACTION_SIDE})\s+eq\s+(${FRACTION_SIDE})(?![a-z0-9^_(/]|\s*[+*/-])`,
    "g",
  ),
);

/** A side's fractions, sorted, with every letter renamed (numbers kept): `1/x + 1/y + 1/z` -> `1/v+1/v+1/v`, `a/b` -> `a/v`. */
function fractionShape(side: string): string[] {
  return [...allMatches(side.replace(/\s+/g, ""), /(\d+|[a-z])\/[a-z]/g)]
    .map(([, numerator = ""]) => `${/\d/.test(numerator) ? numerator : "a"}/v`)
    .sort();
}

/**
 * `4/n = 1/x + 1/y + 1/z` -> `uf_1/v+1/v+1/v_eq_4/v`, `1/a = 1/b + 1/c` -> `uf_1/v_eq_1/v+1/v`: an equation in unit
 * fractions (three terms or more, so an unknown to solve for) is the shape of many Egyptian-fraction problems, and
 * once its letters are dropped no word of it is left. Letters are renamed, numbers kept, sides ordered.
 */
export function unitFractionEquations(folded: string): string[] {
  const tokens: string[] = [];
  for (const [, left = "", right = ""] of allMatches(folded, FRACTION_EQUATION)) {
    const sides = [fractionShape(left), fractionShape(right)];
    if (sides[0]!.length + sides[1]!.length < 3) continue;
    tokens.push(
      `uf_${sides
        .map((side) => side.join("+"))
        .sort()
        .join("_eq_")}`,
    );
  }
  return tokens;
}

const ARGUMENT = String.raw`\(\s*([a-z])(?:\s*([+-])\s*(\d+))?\s*\)`;
/** The same function name on both sides; nothing may follow that extends the right-hand side (`φ(n) = φ(m) + 1`). */
const FUNCTION_COMPARISON = new GuardedPattern(
  new RegExp(
    String.raw`(?<![a-z0-9_^])([a-z]+)\s*${ARGUMENT}\s+(eq|ne|lt|gt|le|ge)\s+\1\s*${ARGUMENT}(?![a-z0-9^(/*]|\s*[\^(/*+-])`,
    "g",
  ),
);

/**
 * `φ(n) = φ(n+1)` -> `phi(n)_eq_phi(n+1)`, `P(n+1) > P(n)` -> `p(n)_lt_p(n+1)`, `φ(m) = φ(n)` -> `phi(m)_eq_phi(n)`:
 * one function at consecutive (or two free) arguments is what many multiplicative problems ask about,
 * and once variables are dropped no word of it is left. Arguments are renamed, shifts are kept.
 */
export function functionComparisons(folded: string): string[] {
  const tokens: string[] = [];
  for (const match of allMatches(folded, FUNCTION_COMPARISON)) {
    const [
      ,
      name = "",
      leftVariable = "",
      leftSign = "",
      leftShift = "0",
      relation = "",
      rightVariable = "",
      rightSign = "",
      rightShift = "0",
    ] = match;
    const left = (leftSign === "-" ? -1 : 1) * Number(leftShift);
    const right = (rightSign === "-" ? -1 : 1) * Number(rightShift);
    if (leftVariable === rightVariable) {
      if (left === right) continue;
      const [low, high, oriented] =
        left < right ? [left, right, relation] : [right, left, RELATION_FLIP[relation] ?? relation];
      tokens.push(`${name}(n)_${oriented}_${name}(n+${high - low})`);
    } else if (left === 0 && right === 0) {
      tokens.push(
        `${name}(m)_${relation === "gt" || relation === "ge" ? RELATION_FLIP[relation] : relation}_${name}(n)`,
      );
    }
  }
  return tokens;
}

// One-variable forms with a constant term: `n^2 + 1`, `3n + 1`, `2^n - 1`. The variable is renamed (`3x+1` and
// `3n+1` are one form); a bare shift (`n+1`) is left out, as nearly every statement has one.
const FORM_END = String.raw`(?![a-z0-9^_/(]|\.\d)`;
/** Not inside a script (`x^{2n+1}` is an exponent, not a form). */
const FORM_START = String.raw`(?<![a-z0-9^_.])(?<!\^[{(]\s?)`;
const POWER_FORM = new GuardedPattern(
  new RegExp(String.raw`${FORM_START}(\d*)\s*[a-z]\s*\^\s*\{?(\d+)\}?\s*([+-])\s*(\d+)${FORM_END}`, "g"),
);
const SCALED_FORM = new GuardedPattern(
  new RegExp(String.raw`${FORM_START}(\d+)\s*[a-z]\s*([+-])\s*(\d+)${FORM_END}`, "g"),
);
const EXPONENTIAL_FORM = new GuardedPattern(
  new RegExp(String.raw`${FORM_START}(\d+)\s*\^\s*\{?[a-z]\}?\s*([+-])\s*(\d+)${FORM_END}`, "g"),
);
/** A power of a shifted variable, `(n+1)^2`; after a name (`f(n+1)^2`) it is a function's value, not a form. */
const SHIFTED_POWER_FORM = new GuardedPattern(
  new RegExp(String.raw`${FORM_START}\(\s*[a-z]\s*([+-])\s*(\d+)\s*\)\s*\^\s*\{?(\d+)\}?${FORM_END}`, "g"),
);

/** `n^2 + 1` -> `form_v^2+1`, `3x+1` -> `form_3v+1`, `2^{n}-1` -> `form_2^v-1`, `(n+1)^2` -> `form_(v+1)^2`. */
export function oneVariableForms(folded: string): string[] {
  const tokens: string[] = [];
  for (const [, coefficient = "", exponent, sign, constant] of allMatches(folded, POWER_FORM))
    tokens.push(`form_${coefficient}v^${exponent}${sign}${constant}`);
  for (const [, coefficient, sign, constant] of allMatches(folded, SCALED_FORM))
    tokens.push(`form_${coefficient}v${sign}${constant}`);
  for (const [, base, sign, constant] of allMatches(folded, EXPONENTIAL_FORM))
    tokens.push(`form_${base}^v${sign}${constant}`);
  for (const [, sign, constant, exponent] of allMatches(folded, SHIFTED_POWER_FORM))
    tokens.push(`form_(v${sign}${constant})^${exponent}`);
  return tokens;
}

/** The patterns this module builds from parts (regex literals are found in the source): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = [
  LINEAR_EQUATION,
  FRACTION_EQUATION,
  FUNCTION_COMPARISON,
  POWER_FORM,
  SCALED_FORM,
  EXPONENTIAL_FORM,
  SHIFTED_POWER_FORM,
].map(({ regex }) => regex);
