// Seeded generator of realistic research-object content for benchmarks: topic vocabularies per
// approach branch, a kind and grade mix like real projects, and parameters that vary record to record.
import type { EvidenceGrade, ResearchKind } from "../../src/generated/prisma/enums.js";

export const TOPICS: Record<string, string[]> = {
  "second-moment": ["variance", "chebyshev", "concentration", "subset", "sums", "moment"],
  entropy: ["entropy", "shannon", "random", "subset", "information", "bits"],
  constructions: ["conway", "guy", "sequence", "construction", "recurrence", "bohman"],
  fourier: ["fourier", "character", "exponential", "sums", "torus", "coefficients"],
  "linear-algebra": ["rank", "matrix", "polynomial", "method", "dimension", "vectors"],
  computation: ["search", "branch", "bound", "enumeration", "pruning", "exhaustive"],
  probabilistic: ["gaussian", "random", "model", "deviation", "tail", "distribution"],
  dissociated: ["dissociated", "group", "additive", "energy", "cyclic", "abelian"],
  lattice: ["lattice", "geometry", "minkowski", "covering", "volume", "packing"],
  formal: ["lean", "mathlib", "finset", "theorem", "lemma", "tactic"],
  greedy: ["greedy", "algorithm", "online", "insertion", "heuristic", "ordering"],
  "real-analogue": ["real", "numbers", "continuous", "analogue", "measure", "interval"],
};
const SUBS = ["refined", "variant", "limits", "small-cases"];

export const KIND_MIX: [ResearchKind, number][] = [
  ["CLAIM", 0.3],
  ["ATTEMPT", 0.25],
  ["NEGATIVE_TRACE", 0.15],
  ["ARTIFACT", 0.1],
  ["FORMALIZATION", 0.08],
  ["OPEN_QUESTION", 0.12],
];
export const GRADE_MIX: [EvidenceGrade, number][] = [
  ["ARGUED", 0.3],
  ["COMPUTATIONAL", 0.2],
  ["REPRODUCED", 0.15],
  ["SOURCE_BACKED", 0.1],
  ["CONJECTURAL", 0.1],
  ["UNGRADED", 0.1],
  ["FORMALLY_VERIFIED", 0.05],
];
const VERBS: Record<ResearchKind, string> = {
  CLAIM: "shows",
  ATTEMPT: "tries",
  NEGATIVE_TRACE: "fails to improve",
  ARTIFACT: "computes",
  FORMALIZATION: "formalizes",
  OPEN_QUESTION: "asks whether",
};

export function pick<T>(random: () => number, mix: [T, number][]): T {
  let roll = random();
  for (const [value, weight] of mix) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return mix.at(-1)![0];
}

const choose = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

export interface SyntheticContent {
  kind: ResearchKind;
  evidenceGrade: EvidenceGrade;
  branchName: string;
  title: string;
  body: string;
}

export function syntheticContent(random: () => number, index: number): SyntheticContent {
  const topic = choose(random, Object.keys(TOPICS));
  const words = TOPICS[topic]!;
  const kind = pick(random, KIND_MIX);
  const n = 3 + Math.floor(random() * 60);
  const [a, b, c] = [choose(random, words), choose(random, words), choose(random, words)];
  const branchName = random() < 0.3 ? `approach/${topic}/${choose(random, SUBS)}` : `approach/${topic}`;
  return {
    kind,
    evidenceGrade: pick(random, GRADE_MIX),
    branchName,
    title: `${a} ${b} ${VERBS[kind]} the bound for n = ${n} (note ${index})`,
    body:
      `This record ${VERBS[kind]} the ${a} estimate using ${b} and ${c} arguments for sum-distinct sets with n = ${n} elements. ` +
      `The ${c} step keeps the constant at ${(random() * 2).toFixed(3)}; the ${a} step loses a factor sqrt n. Checked up to N = ${2 ** Math.min(n, 40)}.`,
  };
}

/** A task query in the same vocabulary: what an agent would ask about one approach. */
export function syntheticQuery(random: () => number): string {
  const topic = choose(random, Object.keys(TOPICS));
  const words = TOPICS[topic]!;
  return `Improve the ${choose(random, words)} ${choose(random, words)} bound for sum-distinct sets using ${choose(random, words)} with n = ${3 + Math.floor(random() * 60)}`;
}
