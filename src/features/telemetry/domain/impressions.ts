// Search impressions: what a retrieval call saw and returned, for threshold calibration and for
// linking later causal use. Append-only; never read by ranking at query time.
//
// Written behind the response, in groups: a call takes an id at once and its row is sent in the next
// INSERT, which starts immediately when none is in flight, and otherwise carries every row that queued
// while the previous one ran (group commit). So a retrieval call never waits on telemetry, and under
// load one statement carries many rows: on this kind of machine each statement costs the client about
// 0.3 ms of CPU before the server does any work. The row is committed within one round trip of the
// call returning, in practice before its caller has the response; recordUse, the one reader on the
// request path, flushes this process's writer before it looks (so an id it was given here is always
// found), and whoever opens the database flushes before the pool ends (Database.beforeClose). A failed
// INSERT loses its rows, which are reported (onFailure), and never fails a retrieval call; a failed
// group is retried row by row, so one bad row loses only itself.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Prisma } from "../../../generated/prisma/client.js";
import { sha256Hex } from "../../../platform/lib/canonical-json.js";

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

/** Rows per INSERT: a burst larger than this goes out in several statements, one after another. */
export const IMPRESSION_BATCH_ROWS = 200;

/** The query is stored only as a digest: impressions must not become a store of agents' prompts. */
export function queryDigest(text: string): string {
  return sha256Hex(text.normalize("NFC").trim());
}

type ImpressionRow = Record<string, unknown>;

function rowOf(id: string, input: ImpressionInput, createdAt: Date): ImpressionRow {
  return {
    id,
    operation: input.operation,
    operator_id: input.operatorId,
    query_digest: queryDigest(input.queryText),
    intent: input.intent ?? null,
    resolved_target_id: input.resolvedTargetId ?? null,
    project_id: input.projectId ?? null,
    outcome: input.outcome ?? null,
    candidate_ids: input.candidateIds,
    scores: input.scores,
    returned_order: input.returnedOrder,
    selected_branches: input.selectedBranches ?? [],
    lane_versions: input.laneVersions,
    // The call's own time, not the flush's; created_at is a UTC timestamp without zone.
    created_at: createdAt.toISOString().slice(0, 23),
  };
}

// One statement for any number of rows, with an asynchronous commit: the rows are visible at once and
// flushed by the WAL writer within wal_writer_delay. A crash may lose the last fraction of a second of
// impressions; nothing else.
const INSERT_ROWS = `
  WITH commit_mode AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
  INSERT INTO search_impressions (id, operation, operator_id, query_digest, intent, resolved_target_id, project_id, outcome,
                                  candidate_ids, scores, returned_order, selected_branches, lane_versions, created_at)
  SELECT r.id, r.operation, r.operator_id, r.query_digest, r.intent, r.resolved_target_id, r.project_id, r.outcome,
         r.candidate_ids, r.scores, r.returned_order, r.selected_branches, r.lane_versions, r.created_at
  FROM commit_mode, jsonb_to_recordset($1::jsonb) AS r(
    id uuid, operation text, operator_id uuid, query_digest text, intent text, resolved_target_id uuid, project_id uuid, outcome text,
    candidate_ids text[], scores float8[], returned_order text[], selected_branches text[], lane_versions jsonb, created_at timestamp(3))`;

export type ImpressionFailure = (error: Error, lostRows: number) => void;

export class ImpressionWriter {
  private queued: ImpressionRow[] = [];
  private draining: Promise<void> | null = null;
  private failureListener: ImpressionFailure = (error, lostRows) =>
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: "error", message: "search impressions lost", lostRows, error: error.message })}\n`,
    );

  constructor(private readonly pool: pg.Pool) {}

  /** Queues the impression and returns its id at once; the row follows within one INSERT. */
  write(input: ImpressionInput): string {
    const id = randomUUID();
    this.queued.push(rowOf(id, input, new Date()));
    this.draining ??= this.drain();
    return id;
  }

  /** Resolves when every impression queued before the call is written (or reported lost). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  onFailure(listener: ImpressionFailure): void {
    this.failureListener = listener;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const rows = this.queued.splice(0, IMPRESSION_BATCH_ROWS);
        if (!(await this.insert(rows)) && rows.length > 1) {
          // One bad row must not take its neighbours (other callers' impressions) with it.
          for (const row of rows) await this.insert([row]);
        }
      }
    } finally {
      this.draining = null;
    }
  }

  /** False (and the rows reported lost) when the INSERT fails. */
  private async insert(rows: ImpressionRow[]): Promise<boolean> {
    try {
      // Unnamed: the embedded database keeps a named statement whose execution failed while the client
      // forgets it, so the next prepare of that name would fail for good.
      await this.pool.query(INSERT_ROWS, [JSON.stringify(rows)]);
      return true;
    } catch (error) {
      if (rows.length === 1) this.failureListener(error instanceof Error ? error : new Error(String(error)), 1);
      return false;
    }
  }
}

/**
 * The database's one writer, made by src/service.ts (or a tool run) and shared by every caller that
 * writes impressions, so recordUse's flush covers every impression written through the pool; Database.close
 * waits for its queued rows once its opener registers `writer.flush()` with Database.beforeClose. `onFailure` hears of lost rows (the service logs them).
 */
export function openImpressionWriter(pool: pg.Pool, onFailure?: ImpressionFailure): ImpressionWriter {
  const writer = new ImpressionWriter(pool);
  if (onFailure) writer.onFailure(onFailure);
  return writer;
}
