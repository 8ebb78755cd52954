// Exact numeric and symbolic parameters (`C_6`, `k ≥ 4`, `n^{1/3}`) as canonical tokens: they
// are the strongest evidence that two statements concern the same problem.

import { allMatches, GuardedPattern } from "./all-matches.js";

/** A relation read from the other side: `4 ≤ k` is `k ≥ 4`. */
export const RELATION_FLIP: Readonly<Record<string, string>> = {
  le: "ge",
  ge: "le",
  lt: "gt",
  gt: "lt",
  eq: "eq",
  ne: "ne",
};

/**
 * A fraction whose decimal ends within this many digits (`3/4` is `0.75`) is written as that decimal; any
 * other (`1/3`, `1/16`) has no short decimal spelling and is kept as a fraction.
 */
const TERMINATING_DIGITS = 3;
const DECIMAL_SCALE = 10n ** BigInt(TERMINATING_DIGITS);

function greatestCommonDivisor(left: bigint, right: bigint): bigint {
  return right === 0n ? left : greatestCommonDivisor(right, left % right);
}

/**
 * One spelling per value, so an exponent or bound written as a decimal and as a fraction gives one parameter
 * (`N^0.9` and `N^{9/10}` are `n^0.9`): a fraction in lowest terms with a short terminating decimal becomes that
 * decimal (`1/2` -> `0.5`, `3/2` -> `1.5`); a decimal loses padding (`.5` -> `0.5`, `0.50` -> `0.5`, `2.0` -> `2`).
 * A fraction not in lowest terms stays as written: an unbraced `n^2/4` is mostly `n²/4`, not the square root.
 */
export function canonicalValue(numeral: string): string {
  const decimal = /^(\d*)\.(\d+)$/.exec(numeral);
  if (decimal !== null) {
    const [, whole = "", digits = ""] = decimal;
    const fraction = digits.replace(/0+$/, "");
    return `${whole === "" ? "0" : whole}${fraction === "" ? "" : `.${fraction}`}`;
  }
  const [, top, bottom] = /^(\d+)\/(\d+)$/.exec(numeral) ?? [];
  if (top === undefined || bottom === undefined) return numeral;
  const [numerator, denominator] = [BigInt(top), BigInt(bottom)];
  if (denominator === 0n || greatestCommonDivisor(numerator, denominator) !== 1n || DECIMAL_SCALE % denominator !== 0n)
    return numeral;
  const scaled = numerator * (DECIMAL_SCALE / denominator);
  return canonicalValue(
    `${scaled / DECIMAL_SCALE}.${String(scaled % DECIMAL_SCALE).padStart(TERMINATING_DIGITS, "0")}`,
  );
}

/** Every number in a script or value in canonical form (`-1/2` -> `-0.5`, `{1/2+eps}` -> `0.5+eps`, `1/3` kept). */
function canonicalValues(text: string): string {
  return text.replace(/(?<![\d./])(?:\d*\.\d+|\d+\/\d+)(?![\d./])/g, canonicalValue);
}

/** Braces, parentheses and spaces carry no meaning inside a script: `{1/3}`, `(1/3)` and `1/3` agree. */
function scriptText(script: string): string {
  return script.replace(/[{}()\s]/g, "");
}

/** The token form of a script: its text with every value in canonical form (`{0.9}` and `{9/10}` agree). */
function canonicalScript(script: string): string {
  return canonicalValues(scriptText(script));
}

/** A script holding several words ("{n in a}") is a range description, not a parameter. */
function isParameterScript(script: string): boolean {
  return !/[a-z]\s+[a-z]/.test(script) && scriptText(script).length > 0 && scriptText(script).length <= 8;
}

/**
 * An unbraced exponent is one letter or one number; a decimal base or exponent is read whole (`N^0.9` is `N^{0.9}`, not
 * `N^0`). A letter base may follow its coefficient (`2x^2` holds `x^2`, as `2*x^2` and `2 x^2` do); a number base may not
 * follow a letter or digit.
 */
const POWER = new GuardedPattern(
  /(?:(?<![a-z.])([a-z]+)|(?<![a-z0-9.])(\d*\.\d+|\d+))\s*\^\s*(\{[^{}]*\}|\([^()]*\)|\d*\.\d+|\d+(?:\/\d+)?|[a-z])/g,
);
const SUBSCRIPT = new GuardedPattern(/(?<![a-z0-9])([a-z]+)\s*_\s*(\{[^{}]*\}|[a-z0-9]+)/g);
// A variable under a fraction bar or a number over one is part of a fraction, not a side of the relation: `4/n = 1/x` is no `n = 1`.
const VARIABLE_RELATION =
  /(?<![a-z0-9^/])([a-z](?:_[a-z0-9]+)?)\s+(le|ge|lt|gt|eq|ne)\s+(-?\d+(?:[./]\d+)?)(?![a-z0-9^_/])/g;
/** A one-letter function at numbers, `R(5,5)`, `W(3,4)`: a Ramsey-type value, named by its arguments. */
const VALUE_AT_NUMBERS = new GuardedPattern(/(?<![a-z0-9_^])([a-z])\s*\(\s*(\d+(?:\s*[,;]\s*\d+)+)\s*\)/g);
const NUMBER_RELATION = /(?<![a-z0-9^_/])(-?\d+(?:[./]\d+)?)\s+(le|ge|lt|gt)\s+([a-z])(?![a-z0-9^_/])/g;

/** Letters that name integers by convention: a strict bound on one is the non-strict bound one step further. */
const INTEGER_LETTERS: ReadonlySet<string> = new Set(["n", "k", "m", "i", "j", "l", "d", "r"]);

/**
 * `variable_relation_value`; on an integer letter a strict bound by an integer is the non-strict one (`n > 4` is `n ≥ 5`).
 * A value past exact integer arithmetic keeps its strict bound as written (`n > 10^30` written out is no `1e+30`).
 */
function integerBound(variable: string, relation: string, value: string): string {
  const bound = Number(value);
  if (
    INTEGER_LETTERS.has(variable) &&
    /^-?\d+$/.test(value) &&
    Number.isSafeInteger(bound + 1) &&
    Number.isSafeInteger(bound - 1)
  ) {
    if (relation === "gt") return `${variable}_ge_${bound + 1}`;
    if (relation === "lt") return `${variable}_le_${bound - 1}`;
  }
  return `${variable}_${relation}_${value}`;
}

/**
 * Parameter tokens of folded text (see `foldText`): powers `base^exponent`, subscripts
 * `base_index`, bounds `variable_relation_number` (`k ≥ 4`, `4 ≤ k` and `k > 3` all give `k_ge_4`), and one-letter functions
 * at numbers (`R(5,5)` gives `r_(5,5)`). Values are
 * in canonical form (`canonicalValue`): `N^0.9` and `N^{9/10}` both give `n^0.9`.
 */
export function extractParameters(folded: string): string[] {
  const parameters: string[] = [];
  for (const [, letterBase, numberBase, exponent] of allMatches(folded, POWER)) {
    const base = letterBase ?? numberBase;
    if (base !== undefined && exponent !== undefined && isParameterScript(exponent)) {
      parameters.push(`${canonicalValues(base)}^${canonicalScript(exponent)}`);
    }
  }
  for (const [, base, index] of allMatches(folded, SUBSCRIPT)) {
    if (base !== undefined && index !== undefined && isParameterScript(index))
      parameters.push(`${base}_${canonicalScript(index)}`);
  }
  for (const [, variable = "", relation = "", value = ""] of allMatches(folded, VARIABLE_RELATION)) {
    parameters.push(integerBound(variable, relation, canonicalValues(value)));
  }
  for (const [, value = "", relation = "", variable = ""] of allMatches(folded, NUMBER_RELATION)) {
    parameters.push(integerBound(variable, RELATION_FLIP[relation] ?? relation, canonicalValues(value)));
  }
  for (const [, name, values = ""] of allMatches(folded, VALUE_AT_NUMBERS))
    parameters.push(`${name}_(${values.replace(/\s+/g, "").replace(/;/g, ",")})`);
  return parameters;
}
