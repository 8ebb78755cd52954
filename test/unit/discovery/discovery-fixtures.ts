// Small in-test catalogue for discovery unit tests: a factory with overrides, and a handful of
// problems that share vocabulary the way real catalogue neighbours do.
import type { CatalogueProblem } from "../../../src/features/catalogue/domain/catalogue.types.js";

export function buildProblem(overrides: Partial<CatalogueProblem> & { stableId: string }): CatalogueProblem {
  return {
    collection: "erdos",
    number: null,
    slug: overrides.stableId,
    title: overrides.stableId,
    statement: null,
    definitions: [],
    tags: [],
    prize: null,
    oeisIds: [],
    comments: null,
    remarks: null,
    resolutionState: "OPEN",
    resolutionNote: null,
    formalizedSolution: false,
    publicationState: "PUBLISHED",
    sourceUpdatedAt: null,
    acceptanceConditions: null,
    aliases: [],
    sources: [],
    wordings: [],
    formalDeclarations: [],
    ...overrides,
  };
}

export const SMALL_CATALOGUE: CatalogueProblem[] = [
  buildProblem({
    stableId: "cp:erdos:20",
    number: 20,
    title: "Erdős Problem 20: sunflower conjecture",
    aliases: ["sunflower conjecture"],
    statement: "Is it true that $f(n,k) < c_k^n$ for some constant $c_k>0$?",
    definitions: [
      {
        term: "f",
        text: "Let $f(n,k)$ be minimal such that every family of $n$-uniform sets of size $f(n,k)$ contains a $k$-sunflower.",
      },
    ],
    tags: ["combinatorics"],
  }),
  buildProblem({
    stableId: "cp:erdos:164",
    number: 164,
    title: "Erdős Problem 164",
    statement:
      "A set $A\\subset \\mathbb{N}$ is primitive if no member divides another. Is $\\sum_{n\\in A} \\frac{1}{n \\log n}$ maximised over primitive sets by the primes?",
    tags: ["number theory", "primitive sets"],
  }),
  buildProblem({
    stableId: "cp:erdos:1003",
    number: 1003,
    title: "Erdős Problem 1003",
    statement:
      "Are there infinitely many solutions to $\\phi(n) = \\phi(n+1)$, where $\\phi$ is the Euler totient function?",
    tags: ["number theory"],
  }),
  buildProblem({
    stableId: "cp:erdos:39",
    number: 39,
    title: "Erdős Problem 39",
    statement: "Is there an infinite Sidon set $A$ with $|A \\cap [1,N]| \\gg N^{1/2-\\epsilon}$?",
    tags: ["number theory", "sidon sets"],
  }),
  buildProblem({
    stableId: "cp:erdos:40",
    number: 40,
    title: "Erdős Problem 40",
    statement: "How large can an infinite Sidon set $A$ be: is $|A \\cap [1,N]| \\gg N^{1/2} / \\log N$ possible?",
    tags: ["number theory", "sidon sets"],
  }),
  buildProblem({
    stableId: "cp:erdos:60",
    number: 60,
    title: "Erdős Problem 60",
    statement:
      "Does every graph on $n$ vertices with more than $ex(n;C_4)$ edges contain $\\gg n^{1/2}$ copies of $C_4$?",
    tags: ["graph theory"],
  }),
  buildProblem({
    stableId: "cp:erdos:77",
    number: 77,
    title: "Erdős Problem 77",
    publicationState: "CATALOGUED",
    tags: ["graph theory", "ramsey theory"],
  }),
  buildProblem({
    stableId: "cp:erdos:9000",
    number: 9000,
    title: "Pending amicable pair question",
    publicationState: "PENDING_REVIEW",
    statement: "Are there infinitely many amicable pairs of opposite parity?",
    tags: ["number theory"],
  }),
];
