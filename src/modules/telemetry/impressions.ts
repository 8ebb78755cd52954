// Search impressions: what a retrieval call saw and returned, for threshold calibration and for
// linking later causal use. Append-only; never read by ranking at query time.
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { sha256Hex } from "../../lib/canonical-json.js";

export interface ImpressionInput {
  operation: "discoverProblems" | "orient" | "checkPlan";
  operatorId: string | null;
  queryText: string;
  intent?: string | null;
  resolvedTargetId?: string | null;
  projectId?: string | null;
  outcome?: string | null;
  candidateIds: string[];
  scores: number[];
  returnedOrder: string[];
  selectedBranches?: string[];
  laneVersions: Prisma.InputJsonObject;
}

/** The query is stored only as a digest: impressions must not become a store of agents' prompts. */
export function queryDigest(text: string): string {
  return sha256Hex(text.normalize("NFC").trim());
}

export function storeImpression(prisma: PrismaClient, input: ImpressionInput): Promise<string> {
  return writeImpression((strings, ...values) => prisma.$executeRaw(strings, ...values), input);
}

/** A tagged-template statement runner: Prisma's $executeRaw, or a pg pool's (orient's hot path). */
export type StatementTag = (strings: TemplateStringsArray, ...values: unknown[]) => Promise<unknown>;

/**
 * One statement with an asynchronous commit: the row is visible at once and flushed by the WAL writer
 * within wal_writer_delay, so a retrieval call never waits on a disk flush for telemetry that ranking
 * never reads. A crash may lose the last fraction of a second of impressions; nothing else.
 */
export async function writeImpression(execute: StatementTag, input: ImpressionInput): Promise<string> {
  const id = randomUUID();
  await execute`
    WITH commit_mode AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
    INSERT INTO search_impressions (id, operation, operator_id, query_digest, intent, resolved_target_id, project_id, outcome,
                                    candidate_ids, scores, returned_order, selected_branches, lane_versions, created_at)
    SELECT ${id}::uuid, ${input.operation}, ${input.operatorId}::uuid, ${queryDigest(input.queryText)}, ${input.intent ?? null},
           ${input.resolvedTargetId ?? null}::uuid, ${input.projectId ?? null}::uuid, ${input.outcome ?? null}, ${input.candidateIds}::text[],
           ${input.scores}::float8[], ${input.returnedOrder}::text[], ${input.selectedBranches ?? []}::text[],
           ${JSON.stringify(input.laneVersions)}::jsonb, now() AT TIME ZONE 'UTC'
    FROM commit_mode`;
  return id;
}
