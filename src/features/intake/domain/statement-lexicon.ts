// Words that make a sentence mathematical: the objects statements are about and the relations they
// assert. Data, not logic: statement-content.ts only asks whether a statement uses any of them.

/** Mathematical objects and quantities named in prose (singular stems: a trailing "s" is dropped before lookup). */
export const MATHEMATICAL_OBJECT_WORDS: ReadonlySet<string> = new Set(
  (
    "number integer natural prime divisor factor multiple digit fraction rational real complex root power square cube " +
    "sum product series sequence term subsequence progression limit bound constant coefficient exponent ratio density " +
    "set subset family collection element member partition cover covering system interval space dimension measure " +
    "graph vertex vertice edge cycle path tree clique colouring coloring color colour hypergraph matching tournament " +
    "point line plane circle polygon triangle polytope lattice distance angle area volume curve surface " +
    "function map mapping polynomial equation inequality matrix vector group ring field module algebra operator " +
    "permutation word string game player strategy probability variable value solution order degree size length " +
    "conjecture theorem lemma problem hypothesis formula identity property index basis weight unit infinity " +
    "definition predicate condition proof counterexample statement example case notion form closed " +
    "union intersection complement class cardinality norm radius ball character state amplitude coordinate " +
    "configuration block input output machine tape symbol position brick quantity scale unitary witness"
  ).split(" "),
);

/** Relations asserted in prose: comparisons, membership, existence, divisibility, growth. */
export const RELATION_WORDS: ReadonlySet<string> = new Set(
  (
    "equal equals exceed exceeds divide divides divisible contain contains exist exists infinitely finitely " +
    "converge converges diverge diverges bounded unbounded greater less least most larger smaller " +
    "irrational transcendental algebraic odd even positive negative nonnegative distinct disjoint " +
    "grow grows tend tends approach approaches surjective injective bijective continuous " +
    "maximal minimal maximum minimum every all some each equivalent symmetric connected monotonic " +
    "satisfy satisfies coincide coincides restrict restricting recover recovers permute exponential perfect"
  ).split(" "),
);

/** Mathematicians whose names title problems and objects: a sentence naming one is about mathematics. */
export const MATHEMATICIAN_NAMES: ReadonlySet<string> = new Set(
  (
    "erdős erdos graham euler gauss riemann fermat goldbach collatz sidon szemerédi ramsey hilbert turing cayley " +
    "hadamard legendre lehmer ulam conway hardy littlewood ramanujan selberg turán turan sárközy sarkozy"
  ).split(" "),
);
