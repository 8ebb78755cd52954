// Public citations that citation-based strategies learn from: a training query's text and the
// premises its proof cites. Test-split rows are refused; leave-one-out hides a query's own row.

import type { Citation, GradedQuery } from "./premise.types.js";
import { TestSplitTuningAttemptError } from "./premises.errors.js";

export function refuseTestSplitCitations(citations: readonly Citation[], source: string): void {
  const testIds = citations.filter((citation) => citation.split === "test").map((citation) => citation.queryId);
  if (testIds.length > 0) throw new TestSplitTuningAttemptError(source, testIds);
}

/** Graded queries become citations only after the test-split refusal. */
export function citationsFromGradedQueries(queries: readonly GradedQuery[], source: string): Citation[] {
  const citations = queries.map(({ query, expectedPremiseIds }) => ({
    queryId: query.queryId,
    split: query.split,
    text: query.text,
    citedPremiseIds: expectedPremiseIds,
  }));
  refuseTestSplitCitations(citations, source);
  return citations;
}
