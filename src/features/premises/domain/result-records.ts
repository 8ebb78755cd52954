// Redacted, metadata-only result records: counts, retrieved public ids with score components,
// recall figures and refusal outcomes. Expected ids, proofs and query text never enter a record.

import type { RetrievalResult } from "./premise.types.js";
import type { NegativeCaseOutcome } from "./negative-cases.js";
import { scanForSecrets, type SecretScan } from "./secret-scan.js";

export type RunMode = "run" | "run-retrieval-bundle";

/** What this component may claim: retrieval metadata coherence, nothing about proofs or releases. */
export const AUTHORITY_CEILING = {
  formal_proof_authority: false,
  lean_lake_authority: false,
  provider_authority: false,
  release_authority: false,
} as const;

export interface QueryRecord {
  query_id: string;
  split: string;
  strategy: string;
  top_k: number;
  recipe_id: string | null;
  considered_candidate_count: number;
  retrieved: Array<{ rank: number; premise_id: string; score: number; components: Record<string, number> }>;
  expected_count: number;
  hit_count: number;
  recall: number;
  context_bytes: number | null;
}

export interface PremiseRetrievalRecord {
  component: "formal_math_premise_retrieval";
  mode: RunMode;
  status: "pass" | "blocked";
  blocked_reasons: string[];
  premise_count: number;
  query_count: number;
  considered_candidate_count: number;
  queries: QueryRecord[];
  negative_cases: { expected: string[]; observed: string[]; missing: string[] } | null;
  secret_exclusion_scan: SecretScan;
  authority_ceiling: typeof AUTHORITY_CEILING;
}

export interface QueryOutcome {
  result: RetrievalResult;
  topK: number;
  recipeId: string | null;
  recall: number;
  hitCount: number;
  expectedCount: number;
  contextBytes: number | null;
}

export function queryRecord({
  result,
  topK,
  recipeId,
  recall,
  hitCount,
  expectedCount,
  contextBytes,
}: QueryOutcome): QueryRecord {
  return {
    query_id: result.queryId,
    split: result.split,
    strategy: result.strategy,
    top_k: topK,
    recipe_id: recipeId,
    considered_candidate_count: result.consideredCount,
    retrieved: result.ranked.map(({ rank, premiseId, score, components }) => ({
      rank,
      premise_id: premiseId,
      score,
      components,
    })),
    expected_count: expectedCount,
    hit_count: hitCount,
    recall,
    context_bytes: contextBytes,
  };
}

export function negativeCaseSummary(
  outcomes: readonly NegativeCaseOutcome[],
  expected: readonly string[],
  missing: string[],
): PremiseRetrievalRecord["negative_cases"] {
  return {
    expected: [...expected],
    observed: outcomes.filter((outcome) => outcome.observed).map((outcome) => outcome.caseId),
    missing,
  };
}

/**
 * Scans the finished record; on any blocking hit the per-query detail is dropped so the written
 * record cannot carry what the scan found, and the run is blocked.
 */
export function sealRecord(record: Omit<PremiseRetrievalRecord, "secret_exclusion_scan">): PremiseRetrievalRecord {
  const scan = scanForSecrets(record);
  if (scan.blocking_hit_count === 0) return { ...record, secret_exclusion_scan: scan };
  return {
    ...record,
    status: "blocked",
    blocked_reasons: [
      ...record.blocked_reasons,
      `secret-exclusion scan found ${scan.blocking_hit_count} blocking hit(s)`,
    ],
    queries: [],
    secret_exclusion_scan: scan,
  };
}
