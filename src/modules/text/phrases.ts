// Definitional phrases kept together as one token ("primitive set" -> `primitive-set`), so a query
// naming a defined notion outweighs one that merely uses the same two common words apart.

/** Each group states why its phrases deserve to be units; the phrases are written in plain English. */
export const DEFINITIONAL_PHRASE_GROUPS: ReadonlyArray<{ reason: string; phrases: readonly string[] }> = [
  {
    reason: "named set families of additive and multiplicative number theory: each names one definition",
    phrases: [
      "primitive set", "sidon set", "sidon sequence", "sum free set", "sum free", "product free",
      "sum distinct", "dissociated set", "difference set", "additive basis", "asymptotic basis",
      "basis of order", "cap set", "covering system", "covering congruences", "distinct covering system",
      "minimal overlap", "unit fraction", "egyptian fraction", "arithmetic progression", "geometric progression",
      "amicable pair", "factorial prime", "perfect number", "abundant number", "practical number", "powerful number",
      "highly composite", "smooth number", "square free", "sum of two squares", "sum of two primes", "power of two",
      "multiplicative function", "additive function", "divisor function", "sum of divisors", "totient function",
      "euler totient", "prime gap", "bounded gaps", "twin prime", "prime factor", "largest prime factor", "least common multiple",
      "greatest common divisor", "consecutive integers", "continued fraction", "irrationality sequence",
      "upper density", "lower density", "natural density", "logarithmic density", "schnirelmann density",
      "upper banach density", "positive density", "subset sum", "triangular number", "tetrahedral number",
    ],
  },
  {
    reason: "graph and hypergraph invariants and classes: the two words together name one quantity",
    phrases: [
      "chromatic number", "clique number", "independence number", "independent set", "ramsey number",
      "turan number", "extremal number", "size ramsey", "induced subgraph", "complete graph", "complete bipartite",
      "bipartite graph", "planar graph", "unit distance graph", "hamiltonian cycle", "hamiltonian path",
      "minimum degree", "maximum degree", "average degree", "edge disjoint", "vertex disjoint", "odd cycle",
      "cycle length", "property b", "set system", "intersecting family", "chromatic index",
      "edge coloring", "vertex coloring", "monochromatic triangle", "triangle free",
      "k uniform", "uniform hypergraph", "spanning tree", "disjoint cycles",
    ],
  },
  {
    reason: "named theorems and conjectures: a proper name identifies a problem family by itself",
    phrases: [
      "van der waerden", "erdos szekeres", "happy ending", "erdos turan", "erdos straus",
      "erdos moser", "erdos ginzburg ziv", "erdos heilbronn", "erdos ko rado", "erdos hajnal", "erdos sos",
      "erdos faber lovasz", "erdos gyarfas", "erdos renyi", "hadwiger nelson", "lonely runner",
      "union closed", "szemeredi trotter",
      "hales jewett", "heilbronn triangle",
    ],
  },
  {
    reason: "discrete-geometry notions whose words are common apart but specific together",
    phrases: [
      "distinct distances", "unit distance", "unit distances", "no three in line", "no three on a line",
      "general position", "convex polygon", "convex position", "empty hexagon", "lattice point", "integer distances",
      "unit square", "square packing", "circle packing", "point set", "empty convex", "jordan curve",
    ],
  },
];

/** All phrases, flattened. */
export const DEFINITIONAL_PHRASES: readonly string[] = DEFINITIONAL_PHRASE_GROUPS.flatMap((group) => group.phrases);

/**
 * Other spellings of a definitional phrase: each yields the phrase's own token, so a notion named with
 * another superlative or another noun of the same meaning meets its usual name. Only synonyms in every
 * context belong here ("greatest" and "largest" of numbers; a prime divisor is a prime factor).
 */
export const PHRASE_SPELLINGS: ReadonlyArray<{ reason: string; phrase: string; spellings: readonly string[] }> = [
  {
    reason: "P(n), the largest prime factor of n, is as often called its greatest or biggest prime factor or divisor",
    phrase: "largest prime factor",
    spellings: ["greatest prime factor", "biggest prime factor", "largest prime divisor", "greatest prime divisor", "biggest prime divisor"],
  },
];
