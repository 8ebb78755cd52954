// Relations between expressions as canonical tokens: a linear equation in three or more unknowns
// (`x+3y=2z+2w`) and a bound between parameters (`m ≥ n+k`). Their symbols carry the identity of
// many additive and combinatorial problems and leave no word behind once variables are dropped.

/** A term of a linear form: an optional integer coefficient and one variable letter. */
const TERM = String.raw`\d*\s*[a-z]`;
const SIDE = String.raw`${TERM}(?:\s*[+-]\s*${TERM})*`;
/** Both sides bounded so a longer expression (`f(x+y)`, `a_i`) is not read as a linear form. */
const LINEAR_EQUATION = new RegExp(String.raw`(?<![a-z0-9^_(/])(${SIDE})\s+eq\s+(${SIDE})(?![a-z0-9^_(/])`, "g");
const PARAMETER_BOUND = new RegExp(String.raw`(?<![a-z0-9^_(/])(?<![+-]\s*)([a-z])\s+(le|ge|lt|gt)\s+([a-z](?:\s*[+-]\s*(?:\d+|[a-z]))+)(?![a-z0-9^_(/])`, "g");

/** Signed coefficients of one side, sorted: variable names are arbitrary, the shape is not. */
function coefficients(side: string): string[] {
  const terms = [...side.replace(/\s+/g, "").matchAll(/([+-]?)(\d*)([a-z])/g)];
  return terms.map(([, sign, coefficient]) => `${sign === "-" ? "-" : ""}${coefficient === "" ? "1" : coefficient}`).sort();
}

/** `x+3y eq 2z+2w` -> `lin_1+3_eq_2+2`; the sides are ordered, so `2z+2w = x+3y` gives the same token. */
export function linearEquations(folded: string): string[] {
  const tokens: string[] = [];
  for (const [, left = "", right = ""] of folded.matchAll(LINEAR_EQUATION)) {
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
  for (const [, variable = "", relation = "", expression = ""] of folded.matchAll(PARAMETER_BOUND)) {
    const terms = expression.replace(/\s+/g, "").match(/[+-]?(?:\d+|[a-z])/g) ?? [];
    const sorted = terms.map((term) => term.replace(/^\+/, "")).sort().join("+");
    tokens.push(`${variable}_${relation}_${sorted}`);
  }
  return tokens;
}
