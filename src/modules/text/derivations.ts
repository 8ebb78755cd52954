// Derivational families of general mathematical vocabulary: the noun or adverb of a property and
// the property itself ("monotonicity", "monotonic", "monotone") name one notion, and a paraphrase
// picks whichever form its sentence needs. The suffix rules in stem.ts only fold inflections.

/**
 * Each family: the base word every listed form is read as. Listed word by word rather than by a
 * suffix rule, because "-ity" and "-ic" rules merge unrelated words ("logic" and "log", "city").
 * Only properties and notions used across the catalogue belong here, never one problem's wording.
 */
const FAMILIES: ReadonlyArray<readonly [base: string, forms: readonly string[]]> = [
  ["monotone", ["monotonic", "monotonically", "monotonicity", "monotonous"]],
  ["irrational", ["irrationality", "irrationally"]],
  ["rational", ["rationality"]],
  ["transcendental", ["transcendence", "transcendentality"]],
  ["divisible", ["divisibility"]],
  ["prime", ["primality"]],
  ["coprime", ["coprimality", "coprimeness"]],
  ["convex", ["convexity"]],
  ["connected", ["connectivity", "connectedness"]],
  ["finite", ["finiteness", "finitely"]],
  ["infinite", ["infinitude", "infiniteness", "infinitely"]],
  ["unique", ["uniqueness", "uniquely"]],
  ["positive", ["positivity"]],
  ["negative", ["negativity"]],
  ["periodic", ["periodicity"]],
  ["sparse", ["sparsity", "sparseness"]],
  ["planar", ["planarity"]],
  ["bipartite", ["bipartiteness"]],
  ["hamiltonian", ["hamiltonicity"]],
  ["integral", ["integrality"]],
  ["multiplicative", ["multiplicativity", "multiplicatively"]],
  ["additive", ["additivity", "additively"]],
  ["decidable", ["decidability"]],
  ["computable", ["computability"]],
  ["summable", ["summability"]],
  ["bounded", ["boundedness"]],
  ["continuous", ["continuity"]],
  ["differentiable", ["differentiability"]],
  ["measurable", ["measurability"]],
  ["injective", ["injectivity"]],
  ["surjective", ["surjectivity"]],
  ["transitive", ["transitivity"]],
  ["commutative", ["commutativity"]],
  ["collinear", ["collinearity"]],
  ["minimal", ["minimality"]],
  ["maximal", ["maximality"]],
  ["optimal", ["optimality"]],
  ["lacunary", ["lacunarity"]],
  ["nilpotent", ["nilpotency", "nilpotence"]],
  ["primitive", ["primitivity"]],
  ["uniform", ["uniformly", "uniformity"]],
  ["equidistributed", ["equidistribution"]],
  ["arithmetic", ["arithmetical", "arithmetically"]],
  ["geometric", ["geometrical", "geometrically"]],
  ["center", ["centre", "centres"]],
];

/** Form -> base word; the base is then stemmed like any word. */
export const DERIVATIONS: ReadonlyMap<string, string> = new Map(
  FAMILIES.flatMap(([base, forms]) => forms.map((form): [string, string] => [form, base])),
);
