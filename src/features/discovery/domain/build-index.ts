// Builds a discovery index straight from catalogue problems (evaluation, tests, and the service's
// first load before the stored sparse documents exist).

import type { CatalogueProblem } from "../../catalogue/domain/catalogue.types.js";
import { DiscoveryIndex, type DiscoveryEntry } from "./discovery-index.js";
import { buildSparseDocument, PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW } from "./sparse-document.js";

export function discoveryEntryOf(problem: CatalogueProblem): DiscoveryEntry {
  return {
    problemId: problem.stableId,
    number: problem.number,
    title: problem.title,
    publicationState: problem.publicationState,
    document: buildSparseDocument(problem),
  };
}

export function buildDiscoveryIndex(problems: readonly CatalogueProblem[]): DiscoveryIndex {
  return new DiscoveryIndex(problems.map(discoveryEntryOf), `${PROBLEM_SPARSE_VIEW}@${PROBLEM_SPARSE_VERSION}`);
}
