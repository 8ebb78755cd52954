// Rebuild progress between processes: `npm run projections -- rebuild VIEW` on a server database sends
// its stage and counts by NOTIFY on REBUILD_PROGRESS_CHANNEL (at most a few a second, and its outcome),
// and every service process's monitor shows them on /dashboard. The embedded database is one process:
// there the CLI cannot run beside the service, so nothing is sent.
import type pg from "pg";
import { z } from "zod";
import { REBUILD_PROGRESS_CHANNEL } from "../events/notifier.js";
import type { BuildProgress } from "./projector.js";
import type { RebuildReport } from "./rebuild.js";

/** NOTIFY payloads must stay under 8000 bytes; a failure reason is cut well before that. */
const MAX_DETAIL = 1_000;
/** Progress messages at most this often (the first of each stage and the outcome always go). */
export const PROGRESS_MESSAGE_INTERVAL_MS = 250;

const RebuildProgressMessageSchema = z.object({
  view: z.string().min(1).max(200),
  version: z.number().int().nullable(),
  stage: z.string().max(200),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  outcome: z.enum(["RUNNING", "SWITCHED", "KEPT", "FAILED"]),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  detail: z.string().max(MAX_DETAIL).nullable(),
});

export type RebuildProgressMessage = z.infer<typeof RebuildProgressMessageSchema>;

/** A message from the channel, or null when it is not one (another tool's, or a newer format). */
export function parseRebuildProgress(payload: string): RebuildProgressMessage | null {
  try {
    const parsed = RebuildProgressMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The progress callback and outcome reporter of one rebuild, sending each as a NOTIFY on `pool`. Sending
 * is best effort: a failed NOTIFY never fails the rebuild, and the dashboard only misses a step.
 */
export function announceRebuild(
  pool: pg.Pool,
  view: string,
  now: () => number = Date.now,
): { progress: BuildProgress; finished(report: RebuildReport | null, error?: Error): Promise<void> } {
  const startedAt = now();
  let lastSent = 0;
  let lastStage = "";
  let pending: Promise<unknown> = Promise.resolve();
  // One after another: two NOTIFYs sent at once may take two pool connections and arrive in either order, and a
  // "starting" that overtook "memberships" would leave the dashboard on the wrong stage.
  const send = (message: RebuildProgressMessage) => {
    lastSent = now();
    pending = pending
      .then(() => pool.query("SELECT pg_notify($1, $2)", [REBUILD_PROGRESS_CHANNEL, JSON.stringify(message)]))
      .catch(() => undefined);
    return pending;
  };
  void send({
    view,
    version: null,
    stage: "starting",
    done: 0,
    total: 0,
    outcome: "RUNNING",
    startedAt,
    finishedAt: null,
    detail: null,
  });
  return {
    progress: (stage, done, total) => {
      if (stage === lastStage && done < total && now() - lastSent < PROGRESS_MESSAGE_INTERVAL_MS) return;
      lastStage = stage;
      void send({
        view,
        version: null,
        stage,
        done,
        total,
        outcome: "RUNNING",
        startedAt,
        finishedAt: null,
        detail: null,
      });
    },
    finished: async (report, error) => {
      await pending;
      const outcome = report
        ? report.switched
          ? "SWITCHED"
          : report.failures.length > 0
            ? "FAILED"
            : "KEPT"
        : "FAILED";
      const detail = (report ? report.failures.join("; ") : (error?.message ?? "")).slice(0, MAX_DETAIL) || null;
      await send({
        view,
        version: report?.builtVersion ?? null,
        stage: "finished",
        done: 1,
        total: 1,
        outcome,
        startedAt,
        finishedAt: now(),
        detail,
      });
    },
  };
}
