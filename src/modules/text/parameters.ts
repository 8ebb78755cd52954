// Exact numeric and symbolic parameters (`C_6`, `k ≥ 4`, `n^{1/3}`) as canonical tokens: they
// are the strongest evidence that two statements concern the same problem.

const RELATION_FLIP: Readonly<Record<string, string>> = { le: "ge", ge: "le", lt: "gt", gt: "lt", eq: "eq", ne: "ne" };

/** Braces, parentheses and spaces carry no meaning inside a script: `{1/3}`, `(1/3)` and `1/3` agree. */
function canonicalScript(script: string): string {
  return script.replace(/[{}()\s]/g, "");
}

/** A script holding several words ("{n in a}") is a range description, not a parameter. */
function isParameterScript(script: string): boolean {
  return !/[a-z]\s+[a-z]/.test(script) && canonicalScript(script).length > 0 && canonicalScript(script).length <= 8;
}

const POWER = /(?<![a-z0-9])([a-z]+|\d+)\s*\^\s*(\{[^{}]*\}|\([^()]*\)|\d+(?:\/\d+)?|[a-z])/g;
const SUBSCRIPT = /(?<![a-z0-9])([a-z]+)\s*_\s*(\{[^{}]*\}|[a-z0-9]+)/g;
const VARIABLE_RELATION = /(?<![a-z0-9^])([a-z](?:_[a-z0-9]+)?)\s+(le|ge|lt|gt|eq|ne)\s+(-?\d+(?:[./]\d+)?)(?![a-z0-9^_])/g;
const NUMBER_RELATION = /(?<![a-z0-9^_])(-?\d+(?:[./]\d+)?)\s+(le|ge|lt|gt)\s+([a-z])(?![a-z0-9^_])/g;

/**
 * Parameter tokens of folded text (see `foldText`): powers `base^exponent`, subscripts
 * `base_index`, and bounds `variable_relation_number` (`k ≥ 4` and `4 ≤ k` both give `k_ge_4`).
 */
export function extractParameters(folded: string): string[] {
  const parameters: string[] = [];
  for (const [, base, exponent] of folded.matchAll(POWER)) {
    if (base !== undefined && exponent !== undefined && isParameterScript(exponent)) {
      parameters.push(`${base}^${canonicalScript(exponent)}`);
    }
  }
  for (const [, base, index] of folded.matchAll(SUBSCRIPT)) {
    if (base !== undefined && index !== undefined && isParameterScript(index)) parameters.push(`${base}_${canonicalScript(index)}`);
  }
  for (const [, variable, relation, value] of folded.matchAll(VARIABLE_RELATION)) {
    parameters.push(`${variable}_${relation}_${value}`);
  }
  for (const [, value, relation, variable] of folded.matchAll(NUMBER_RELATION)) {
    parameters.push(`${variable}_${RELATION_FLIP[relation ?? ""] ?? relation}_${value}`);
  }
  return parameters;
}
