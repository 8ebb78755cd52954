// The store's own ceiling for research writes, without HTTP or GraphQL: recordResearch called in the
// service's process by many concurrent callers, once through the service's group commit and once with
// one statement per write. The gap between the two is what the global counters' flush costs; the gap
// between it and the HTTP run is what the request path costs. On a server database each mode also reports
// the database's CPU per write and the writes per statement: a statement has a cost of its own (planning is
// done once per connection, but starting the many-table plan, its triggers and the commit are not), which
// fuller batches share.
import type { AuthenticatedOperator } from "../../src/platform/auth/caller.js";
import { recordResearch } from "../../src/features/research/commands/record-research.command.js";
import { writeProps } from "../../src/features/research/commands/write-props.js";
import type { RunningService } from "../../src/service.js";
import { seededRandom } from "../../src/platform/lib/seeded-random.js";
import { benchRecord } from "./bench-records.js";
import { cpuSnapshot, cpuSpent, databaseBackends, threadCpuMs } from "./cpu-accounting.js";

/** Keeps the two modes' record sequences apart. */
const CEILING_SEED_STRIDE = 1_000_000;

export interface CeilingRun {
  mode: "group commit" | "one statement per write";
  writesPerSecond: number;
  /** The service thread's CPU per write (null off Linux). */
  loopCpuMs: number | null;
  /** The database backends' CPU per write (null for the embedded database or a server elsewhere). */
  databaseCpuMs: number | null;
  /** Writes per statement sent to the database. */
  writesPerStatement: number;
}

/** `writes` writes by `callers` concurrent callers into `projectId` (a project `operator` may write in). */
export async function measureStoreCeiling(
  service: RunningService,
  operator: AuthenticatedOperator,
  projectId: string,
  options: { writes: number; callers: number; runId: string },
): Promise<CeilingRun[]> {
  const runs: CeilingRun[] = [];
  for (const batched of [true, false]) {
    const { batcher, ...unbatched } = writeProps(service.services, operator);
    const props = batched ? { ...unbatched, batcher } : unbatched;
    const mode = batched ? "group commit" : "one statement per write";
    let next = 0;
    const pool = service.services.db.kind === "server" ? service.services.db.pool : null;
    const sentBefore = { ...batcher.sent };
    const snapshotBefore = cpuSnapshot(await databaseBackends(pool));
    const started = performance.now();
    const cpuBefore = threadCpuMs();
    await Promise.all(
      Array.from({ length: options.callers }, async () => {
        for (let index = next++; index < options.writes; index = next++)
          await recordResearch({
            ...props,
            input: {
              projectId,
              // Seeded per write: concurrent callers take indexes in no fixed order.
              ...benchRecord(seededRandom((batched ? 0 : CEILING_SEED_STRIDE) + index), index),
              idempotencyKey: `ceiling-${options.runId}-${batched ? "g" : "s"}${index}`,
            },
          });
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = threadCpuMs();
    const { databaseMs } = cpuSpent(snapshotBefore, cpuSnapshot(await databaseBackends(pool)), null);
    const statements = batched ? batcher.sent.statements - sentBefore.statements : options.writes;
    runs.push({
      mode,
      writesPerSecond: options.writes / seconds,
      loopCpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / options.writes,
      databaseCpuMs: databaseMs === null ? null : databaseMs / options.writes,
      writesPerStatement: options.writes / Math.max(1, statements),
    });
  }
  return runs;
}
