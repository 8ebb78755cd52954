// A small curated lexicon of general mathematical paraphrase: each group names one concept that
// prose and notation spell several ways ("reciprocals", `1/n`), so indexing and queries meet on it.

/**
 * One concept: `concept` is the token every spelling adds (written in plain English and analysed
 * like any text, so a two-word concept becomes a phrase token); `spellings` are plain-English word
 * sequences; `notation` matches folded text (see `foldText`) for symbolic spellings. Originals are
 * kept, the concept is added, so exact wording still counts. Only general vocabulary belongs here,
 * never the wording of one catalogue problem.
 */
export interface ConceptGroup {
  reason: string;
  concept: string;
  spellings: readonly string[];
  /** One pattern, or several matched each on its own (each numbering its own groups). */
  notation?: RegExp | readonly RegExp[];
}

/** One function compared at `n` and at `n+1`, either way round: `τ(n) = τ(n+1)`, `φ(n+1) > φ(n)`. */
const ONE_FUNCTION_AT_N_AND_N_PLUS_1: readonly RegExp[] = [
  /(?<![a-z0-9_^])([a-z]+)\s*\(\s*([a-z])\s*\)\s+(?:eq|ne|lt|gt|le|ge)\s+\1\s*\(\s*\2\s*\+\s*1\s*\)/,
  /(?<![a-z0-9_^])([a-z]+)\s*\(\s*([a-z])\s*\+\s*1\s*\)\s+(?:eq|ne|lt|gt|le|ge)\s+\1\s*\(\s*\2\s*\)/,
];

/**
 * A spaced bar between two terms, `d | n`; `|A| ge n` (an absolute value before a relation) and `| x |` with a bar soon
 * after are sizes, not divisibility. What follows the bar is left to the pattern that uses it.
 */
const DIVIDING_BAR = String.raw`[a-z0-9)}]\s+\|\s+(?![^|]{0,12}\|)(?!\s*(?:le|ge|lt|gt|eq|ne)\b)`;

export const CONCEPT_GROUPS: readonly ConceptGroup[] = [
  {
    reason: "`1/n` is read aloud as 'the reciprocal of n'; a harmonic sum is a sum of reciprocals",
    concept: "reciprocal",
    spellings: ["reciprocal", "harmonic sum", "harmonic series", "inverse of", "unit fraction", "unit fractions", "egyptian fraction", "egyptian fractions"],
    notation: /(?<![\d.^{(])1\s*\/\s*\(?\s*[a-z]/,
  },
  {
    reason: "a divergent sum is one equal to infinity: `∑ 1/n = ∞` and 'the reciprocals diverge' state the same",
    concept: "infinity",
    spellings: ["diverge", "divergent", "divergence", "unbounded", "sum is infinite", "infinite sum"],
  },
  {
    reason: "extremal words: 'largest', 'maximal', 'maximise' and `max` all ask for a maximum",
    concept: "maximum",
    spellings: ["largest", "greatest", "biggest", "longest", "maximal", "maximum", "maximise", "maximize", "max", "supremum", "sup"],
  },
  {
    reason: "extremal words: 'smallest', 'minimal', 'minimise' and `min` all ask for a minimum",
    concept: "minimum",
    spellings: ["smallest", "least", "fewest", "shortest", "minimal", "minimum", "minimise", "minimize", "min", "infimum", "inf"],
  },
  {
    reason: "`#{...}` and `|A|` count elements, as 'the number of', 'how many' and 'cardinality' do",
    concept: "count",
    spellings: ["number of", "how many", "count", "cardinality"],
    notation: /#/,
  },
  {
    reason: "terms 'equally spaced' or 'evenly spaced' form an arithmetic progression",
    concept: "arithmetic progression",
    spellings: ["equally spaced", "evenly spaced"],
  },
  {
    reason: "a graph is 2-colourable exactly when it is bipartite",
    concept: "bipartite",
    spellings: ["2 colorable", "2 colourable", "two colorable", "two colourable", "2 colorability", "2 colourability"],
  },
  {
    reason: "the stability number of a graph is another name for its independence number",
    concept: "independence number",
    spellings: ["stability number"],
  },
  {
    reason: "a pendant vertex, one of degree one, is a leaf",
    concept: "leaf",
    spellings: ["pendant vertex", "pendant vertices", "degree one vertex", "degree one vertices", "vertex of degree one", "vertices of degree one", "degree 1 vertex", "degree 1 vertices", "vertex of degree 1", "vertices of degree 1"],
  },
  {
    reason: "a sequence or progression that is increasing or decreasing is monotone",
    concept: "monotone",
    spellings: ["increasing or decreasing", "decreasing or increasing", "ascending or descending"],
  },
  {
    reason: "`A+A` is the sumset: the set of pairwise sums",
    concept: "sumset",
    spellings: ["sumset", "sum set", "pairwise sums", "sums of pairs"],
    notation: /(?<![a-z0-9])([a-z])\s*\+\s*\1(?![a-z0-9])/,
  },
  {
    reason: "an n-gon is a polygon with n vertices: 'convex n-gon' and 'convex polygon' name one thing",
    concept: "polygon",
    spellings: [],
    notation: /(?<![a-z0-9])[a-z0-9]+\s*-\s*gons?\b/,
  },
  {
    reason: "three points 'on a line' are collinear",
    concept: "collinear",
    spellings: ["collinear", "on a line", "on one line", "on a common line", "in a line", "on a straight line"],
  },
  {
    reason: "four points 'on a circle' are concyclic (also spelled cocyclic)",
    concept: "concyclic",
    spellings: ["concyclic", "cocyclic", "on a circle", "on one circle", "on a common circle"],
  },
  {
    reason: "'all distances are integers' is the integer-distance condition of discrete geometry",
    concept: "integer distances",
    spellings: ["integer distances", "integral distances", "distances are integers", "distance is an integer", "distances are all integers", "integer distance"],
  },
  {
    reason: "a monochromatic set is one whose elements all get the same colour",
    concept: "monochromatic",
    spellings: ["monochromatic", "same colour", "one colour", "single colour", "same color", "one color"],
  },
  {
    reason: "a graph with no triangle is triangle-free",
    concept: "triangle free",
    spellings: ["triangle free", "no triangle", "no triangles", "without triangles", "without a triangle"],
  },
  {
    reason: "'eps' is the usual plain-text abbreviation of ε, as in '(2+eps) log n'",
    concept: "epsilon",
    spellings: ["eps"],
  },
  {
    reason: "a squarefull (square-full) number is a powerful number: every prime dividing it divides it twice",
    concept: "powerful number",
    spellings: ["squarefull", "square full", "squareful"],
  },
  {
    reason: "a rearrangement, reordering or shuffle of a sequence or of the naturals is a permutation of it",
    concept: "permutation",
    spellings: ["rearrangement", "rearrangements", "reordering", "reorderings", "permute", "permuted", "permuting", "shuffle", "shuffled", "shuffling", "reorder", "reordered"],
  },
  {
    reason: "a Jordan curve is a simple closed curve in the plane",
    concept: "jordan curve",
    spellings: ["simple closed curve", "simple closed curves", "simple closed planar curve", "simple closed plane curve"],
  },
  {
    reason: "φ is the standard symbol of Euler's totient function",
    concept: "phi",
    spellings: ["totient", "euler function", "phi function"],
  },
  {
    reason: "σ is the standard symbol of the sum-of-divisors function",
    concept: "sigma",
    spellings: ["sum of divisors", "divisor sum", "sum of the divisors"],
  },
  {
    reason: "ω(n) is the standard symbol of the number of distinct prime factors",
    concept: "omega",
    spellings: ["number of distinct prime factors", "number of distinct prime divisors", "number of prime factors"],
  },
  {
    reason: "divisibility: 'divides', 'divisible by', 'a divisor of', 'a multiple of' and a spaced bar `d | n` state one relation",
    concept: "divides",
    spellings: ["divides", "divisible", "divisor of", "multiple of"],
    notation: new RegExp(String.raw`${DIVIDING_BAR}[a-z0-9(]`),
  },
  {
    reason: "τ(n) (also d(n)) is the standard symbol of the number of divisors of n",
    concept: "tau",
    spellings: ["number of divisors", "count of divisors", "divisor count", "divisor counting function", "divisor counting"],
  },
  {
    reason: "'whole numbers' is the everyday name of the integers",
    concept: "integer",
    spellings: ["whole number", "whole numbers"],
  },
  {
    reason: "coprime integers have gcd 1, written `(a, b) = 1` or `gcd(a, b) = 1`, also called relatively prime",
    concept: "coprime",
    spellings: ["relatively prime", "co prime", "mutually prime"],
    notation: /(?<![a-z0-9_^])(?:gcd\s*)?\(\s*[a-z](?:_\{?[a-z0-9]+\}?)?\s*,\s*[a-z](?:_\{?[a-z0-9]+\}?)?\s*\)\s*eq\s*1(?![0-9./])/,
  },
  {
    reason: "`±1`, `{-1, +1}` and 'plus or minus one' name the two signs a sign sequence or colouring takes",
    concept: "plus minus one",
    spellings: ["plus or minus one", "plus or minus 1", "plus minus 1", "plus and minus ones", "plus and minus one", "plus minus ones"],
    notation: /(?:\+-|-\+)\s*1(?![0-9./])|(?<![a-z0-9.^_])(?:-\s*1\s*,\s*\+?\s*1|\+?\s*1\s*,\s*-\s*1|-\s*1\s+or\s+\+?\s*1|\+?1\s+or\s+-\s*1)(?![0-9./])/,
  },
  {
    reason: "`a_1 + a_2 + ... + a_k` written out is a sum over the terms, as `\\sum a_i` is",
    concept: "sum",
    spellings: [],
    notation: /(?<![a-z0-9_^])([a-z])_\{?[01]\}?\s*\+(?:\s*\1_\{?\d\}?\s*\+)?[\s.+]*\1_\{?[a-z]\}?(?![a-z0-9_^])/,
  },
  {
    reason: "`a_1 a_2 ... a_k` (or `a_1 · a_2 ⋯ a_k`) written out is a product over the terms, as `\\prod a_i` is",
    concept: "product",
    spellings: [],
    // The middle term is optional: `a_1\\cdots a_r` loses its dots when folded; commas or relations between terms make a list instead.
    notation: /(?<![a-z0-9_^])([a-z])_\{?1\}?[\s.]*(?:times[\s.]*)?(?:\1_\{?2\}?[\s.]*(?:times[\s.]*)?)?\1_\{?[a-z]\}?(?![a-z0-9_^])/,
  },
  {
    reason: "`Re s`, `Re(s)` and `\\operatorname{Re}(z)` are the real part of a complex number",
    concept: "real part",
    spellings: [],
    notation: /(?<![a-z0-9])re\}?\s*\(?\s*[a-z]\s*\)?\s+(?:eq|gt|lt|ge|le)\b/,
  },
  {
    reason: "the positive integers are the naturals ℕ",
    concept: "naturals",
    spellings: ["positive integers", "natural numbers", "naturals", "positive integer", "natural number"],
  },
  {
    reason: "`ℝ^2` is the plane; `ℝ^d` is Euclidean space",
    concept: "plane",
    spellings: ["plane", "euclidean plane", "two dimensional", "planar point", "planar set"],
    notation: /reals\s*\^\s*\{?2(?![0-9])/,
  },
  {
    reason: "`ℤ/pℤ`, 'mod p' and 'modulo p' all name residues; `n | 2^n − k` states the congruence `2^n ≡ k (mod n)`",
    concept: "modulo",
    spellings: ["modulo", "mod", "residue", "residues", "congruent"],
    // The dividing bar before a difference (sizes `|A - B|` left out, as the divides group leaves them).
    notation: new RegExp(String.raw`${DIVIDING_BAR}[a-z0-9(][^|,;]{0,20}?\s-\s*[a-z0-9(]`),
  },
  {
    reason: "`n!` is read aloud as 'n factorial'",
    concept: "factorial",
    spellings: ["factorials"],
    notation: /[a-z0-9)}]\s*!(?!\s*=)/,
  },
  {
    reason: "the primorial `p_n#` is by definition the product of the first n primes (Euclid numbers are primorials plus one)",
    concept: "primorial",
    spellings: [
      "primorials", "product of the first n primes", "product of the first k primes", "product of the first n prime numbers",
      "product of the first k prime numbers", "product of the primes up to", "product of primes up to", "product of all primes up to",
    ],
    notation: /(?<![a-z0-9])p\s*_\s*\{?[a-z]\}?\s*#/,
  },
  {
    reason: "a factorial prime is by definition a prime of the form `n! ± 1`",
    concept: "factorial prime",
    spellings: ["factorial prime", "factorial primes"],
    notation: /prime?s?\s+(?:of the form\s+)?[a-z]\s*!\s*(?:\+-|[+-])\s*1(?![0-9])|(?<![a-z0-9])[a-z]\s*!\s*(?:\+-|[+-])\s*1\s+(?:is\s+|are\s+|be\s+)?prime?/,
  },
  {
    reason: "`π(x)` is the prime-counting function, which prose calls the number of primes up to x",
    concept: "prime counting",
    spellings: ["prime counting function", "number of primes up to", "number of primes below", "number of primes less than", "counting function of the primes"],
    notation: /\bpi\s*\(/,
  },
  {
    reason: "lcm is the usual abbreviation of the least (lowest) common multiple",
    concept: "lcm",
    spellings: ["least common multiple", "lowest common multiple"],
  },
  {
    reason: "gcd is the usual abbreviation of the greatest common divisor (highest common factor)",
    concept: "gcd",
    spellings: ["greatest common divisor", "highest common factor", "greatest common factor"],
  },
  {
    reason: "`binom{2n}{n}` is the central binomial coefficient, read aloud '2n choose n'",
    concept: "central binomial",
    spellings: ["central binomial coefficient", "middle binomial coefficient", "2n choose n"],
    notation: /binomial\s*[{(]?\s*2\s*n\s*[})]?\s*,?\s*\{?\s*n\b|\{\s*2\s*n\s+binomial\s+n\s*\}/,
  },
  {
    reason: "`2^k` is a power of two, and says so in words as often as in symbols",
    concept: "power of two",
    spellings: [],
    notation: /(?<![a-z0-9_^.])2\s*\^\s*\{?\s*[a-z]\s*\}?(?![a-z0-9_^({])/,
  },
  {
    reason: "a prime divisor is a prime factor",
    concept: "prime factor",
    spellings: ["prime divisor", "prime divisors"],
  },
  {
    reason: "splitting a set into parts is partitioning it",
    concept: "partition",
    spellings: ["split into", "divided into", "splitting into", "split up into", "partitioned"],
  },
  {
    reason: "the number of ways to write n as a sum is its number of representations; `1_A * 1_A(n)` is the usual symbol for it",
    concept: "representation",
    spellings: ["number of ways", "ways to write", "ways of writing", "representations", "number of solutions"],
    notation: /(?<![a-z0-9_^])1_\{?([a-z])\}?\s*[*∗]?\s*1_\{?\1\}?\s*\)?\s*\(/,
  },
  {
    reason: "a refactorable (or tau) number is divisible by its number of divisors: `d(n) | n`, `τ(n) | n`",
    concept: "refactorable",
    spellings: ["refactorable", "tau number", "tau numbers", "divisible by its number of divisors", "divisible by the number of its divisors"],
    notation: /(?<![a-z0-9_^])(?:d|tau)\s*\(\s*([a-z])\s*\)\s*\|\s*\1(?![a-z0-9(_^]|\s*[+*/-])|(?<![a-z0-9_^])([a-z])\s+(?:is\s+)?divisible\s+by\s+(?:d|tau)\s*\(\s*\2\s*\)/,
  },
  {
    reason: "twin primes are primes two apart, however prose says it",
    concept: "twin prime",
    spellings: ["primes differing by 2", "primes that differ by 2", "primes at distance 2", "prime pairs differing by 2"],
    notation: /(?<![a-z0-9_^(])[a-z]\s*\+\s*2\s+(?:is\s+|are\s+)?(?:also\s+|both\s+)?primes?\b|\(\s*([a-z])\s*,\s*\1\s*\+\s*2\s*\)/,
  },
  {
    reason: "`s_{i+1} - s_i` is the gap between consecutive terms of a sequence, however prose says it",
    concept: "gap",
    spellings: ["gaps", "difference between consecutive", "differences between consecutive", "consecutive differences"],
    notation: /(?<![a-z0-9_^])([a-z])_\{?([a-z])\s*\+\s*1\}?\s*-\s*\1_\{?\2\}?(?![a-z0-9+])/,
  },
  {
    reason: "`p_n` and `p_{n+1}`, the n-th and (n+1)-th terms, or `f(n)` compared with `f(n+1)` are consecutive terms or values",
    concept: "consecutive",
    spellings: ["successive", "adjacent terms", "adjacent elements"],
    notation: [
      /(?<![a-z0-9_^])([a-z])_\{?([a-z])\}?\s*(?:,|and)\s*\1_\{?\2\s*\+\s*1\}?/,
      /\b([a-z])`?\s*-?\s*th\s+and\s+`?\(?\1\s*\+\s*1\)?`?\s*-?\s*th\b/,
      ...ONE_FUNCTION_AT_N_AND_N_PLUS_1,
    ],
  },
  {
    reason:
      "one function compared at `n` and `n+1` (`τ(n) = τ(n+1)`) is about consecutive integers, as prose says it; so is a run " +
      "written out with dots (`n+1, …, n+k`, `n, n−1, …, n−k`: folding drops the dots), a product of its shifts " +
      "(`(n+1)(n+2)⋯(n+k)`, `n(n−1)⋯(n−k+1)`) or a product over them (`∏_{0≤i≤k}(n−i)`)",
    concept: "consecutive integers",
    spellings: ["consecutive numbers", "consecutive natural numbers", "consecutive positive integers"],
    notation: [
      ...ONE_FUNCTION_AT_N_AND_N_PLUS_1,
      /(?<![a-z0-9_^])([a-z])\s*([+-])\s*1\s*,\s*(?:\1\s*\2\s*2\s*,\s*)?,\s*\1\s*\2\s*[a-z]/,
      /\(\s*([a-z])\s*([+-])\s*1\s*\)\s*\(\s*\1\s*\2\s*2\s*\)\s*\(\s*\1\s*\2\s*[a-z]/,
      /(?<![a-z0-9_^])([a-z])\s*\(\s*\1\s*([+-])\s*1\s*\)\s*\(\s*\1\s*\2\s*[a-z]/,
      // The subscript is bounded: an unclosed `_{` in a long text must not cost a scan per letter.
      /\bproduct\s*_\{[^}]{0,30}?(?<![a-z])([a-z])(?![a-z])[^}]{0,30}\}(?:\^\{?[a-z0-9]+\}?)?\s*\(\s*[a-z]\s*[+-]\s*\1\s*\)/,
    ],
  },
  {
    reason: "gaps between consecutive terms that stay bounded, however it is said: `a_{i+1} − a_i = O(1)` (folded to lower case)",
    concept: "bounded gaps",
    spellings: ["gaps are bounded", "gaps bounded", "bounded differences between consecutive", "bounded difference between consecutive"],
    notation: /(?<![a-z0-9_^])([a-z])_\{?([a-z])\s*\+\s*1\}?\s*-\s*\1_\{?\2\}?\s*(?:eq|le|ll)\s*o\s*\(\s*1\s*\)/,
  },
  {
    reason: "a gap between consecutive primes is a prime gap",
    concept: "prime gap",
    spellings: ["gap between consecutive primes", "gaps between consecutive primes", "difference between consecutive primes", "differences between consecutive primes"],
  },
  {
    reason: "`n(n+1)/2` is the n-th triangular number, however the text writes it",
    concept: "triangular number",
    spellings: ["triangular numbers", "triangle number", "triangle numbers"],
    notation: /(?<![a-z0-9_^])\(?\s*([a-z])\s*\(\s*\1\s*\+\s*1\s*\)\s*\)?\s*\/\s*2(?![0-9])/,
  },
  {
    reason: "`n(n+1)(n+2)/6` is the n-th tetrahedral (triangular pyramidal) number",
    concept: "tetrahedral number",
    spellings: ["tetrahedral numbers", "triangular pyramidal number", "triangular pyramidal numbers"],
    notation: /(?<![a-z0-9_^])\(?\s*([a-z])\s*\(\s*\1\s*\+\s*1\s*\)\s*\(\s*\1\s*\+\s*2\s*\)\s*\)?\s*\/\s*6(?![0-9])/,
  },
  {
    reason: "an accumulation point is a limit point",
    concept: "limit point",
    spellings: ["accumulation point", "accumulation points", "cluster point"],
  },
];
