// Rebuilds a derived view into a new version: build from the canonical records at one snapshot, catch
// up from the change stream, compare with the serving version, switch the pointer only if checks pass.
import type { PrismaClient } from "../generated/prisma/client.js";
import { LONG_TRANSACTION, type TransactionClient } from "../platform/db/transaction.js";
import { lockState, servingVersion } from "./projection-state.js";
import { nextEvents } from "../events/change-events.js";
import { prismaRunner } from "../platform/db/sql.js";
import { diffTable, discardVersion, runChecks, type TableDiff } from "./rebuild-compare.js";
import { runBuild, runCatchUp, type BuildProgress, type Projector } from "./projector.js";
import { settleInlineSwitch } from "./rebuild-inline.js";
import { headSequence } from "../events/change-events.js";

export interface RebuildReport {
  view: string;
  servingVersion: number;
  builtVersion: number;
  highWaterMark: bigint;
  diff: TableDiff[];
  failures: string[];
  switched: boolean;
  dryRun: boolean;
  durationMs: number;
}

// Events per catch-up transaction.
const CATCH_UP_BATCH = 1_000;

async function prepare(prisma: PrismaClient, projector: Projector): Promise<{ serving: number; target: number }> {
  return prisma.$transaction(async (tx) => {
    const serving = await servingVersion(tx, projector.view, projector.codeVersion, projector.viewVersion);
    const latest = await tx.projectionState.aggregate({ where: { view: projector.view }, _max: { version: true } });
    // Above every version ever used (failed and retired ones too), so no leftover rows can mix in.
    const target = Math.max(latest._max.version ?? 0, serving, projector.codeVersion - 1) + 1;
    await tx.projectionState.create({
      data: {
        view: projector.view,
        version: target,
        status: "BUILDING",
        details: {
          startedAt: new Date().toISOString(),
          codeVersion: projector.codeVersion,
          viewVersion: projector.viewVersion,
        },
      },
    });
    return { serving, target };
  });
}

/** Applies every event after the version's mark (the caller holds its state row lock). */
async function catchUpWithin(
  tx: TransactionClient,
  projector: Projector,
  version: number,
  mark: bigint,
): Promise<bigint> {
  for (;;) {
    const events = await nextEvents(prismaRunner(tx), mark, CATCH_UP_BATCH);
    if (events.length === 0) return mark;
    await runCatchUp(tx, projector, version, events);
    mark = events.at(-1)!.sequence;
    await tx.projectionState.update({
      where: { view_version: { view: projector.view, version } },
      data: { highWaterMark: mark },
    });
  }
}

export async function rebuildView(
  prisma: PrismaClient,
  projector: Projector,
  options: { dryRun?: boolean; progress?: BuildProgress } = {},
): Promise<RebuildReport> {
  const started = Date.now();
  const progress = options.progress ?? (() => undefined);
  const { serving, target } = await prepare(prisma, projector);
  try {
    // Repeatable read: the records and the head sequence come from one snapshot, so the mark is exact.
    await prisma.$transaction(
      async (tx) => {
        const head = await headSequence(tx);
        await runBuild(tx, projector, target, head, progress);
        await tx.projectionState.update({
          where: { view_version: { view: projector.view, version: target } },
          data: { highWaterMark: head },
        });
      },
      { ...LONG_TRANSACTION, isolationLevel: "RepeatableRead" },
    );
    progress("catch-up and checks", 0, 1);
    const outcome = await prisma.$transaction(async (tx) => {
      // Freeze both versions: inline views by holding the event counter (writers wait to append),
      // worker views by holding the serving state row (workers skip it).
      if (projector.kind === "inline")
        await tx.$queryRaw`SELECT value FROM counters WHERE name = 'change_event' FOR UPDATE`;
      const servingMark = await lockState(tx, projector.view, serving, true);
      const mark = await catchUpWithin(
        tx,
        projector,
        target,
        (await lockState(tx, projector.view, target, true)) ?? 0n,
      );
      if (projector.kind !== "inline" && servingMark !== null) await catchUpWithin(tx, projector, serving, servingMark);
      const diff = [];
      for (const table of projector.tables) diff.push(await diffTable(tx, table, serving, target));
      const failures = await runChecks(tx, projector.checks, target);
      const switched = !options.dryRun && failures.length === 0;
      if (switched) {
        await tx.projectionPointer.update({
          where: { view: projector.view },
          data: { servingVersion: target, switchedAt: new Date() },
        });
        await tx.projectionState.update({
          where: { view_version: { view: projector.view, version: serving } },
          data: { status: "RETIRED" },
        });
        await tx.projectionState.update({
          where: { view_version: { view: projector.view, version: target } },
          data: { status: "SERVING" },
        });
      }
      const snapshot =
        switched && projector.kind === "inline"
          ? (await tx.$queryRaw<{ xmax: string }[]>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`)[0]!
              .xmax
          : null;
      return { diff, failures, switched, mark, snapshot };
    }, LONG_TRANSACTION);
    if (outcome.switched && outcome.snapshot)
      await settleInlineSwitch(prisma, projector, target, outcome.mark, BigInt(outcome.snapshot));
    if (!outcome.switched) await abandon(prisma, projector, target, options.dryRun ? null : outcome.failures);
    return {
      view: projector.view,
      servingVersion: serving,
      builtVersion: target,
      highWaterMark: outcome.mark,
      diff: outcome.diff,
      failures: outcome.failures,
      switched: outcome.switched,
      dryRun: !!options.dryRun,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    await abandon(prisma, projector, target, [(error as Error).message]).catch(() => undefined);
    throw error;
  }
}

/** A dry run leaves nothing; a failed build keeps its state row (FAILED, with the reasons) but no rows. */
async function abandon(
  prisma: PrismaClient,
  projector: Projector,
  version: number,
  failures: string[] | null,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await discardVersion(tx, projector.tables, version);
    if (failures === null)
      await tx.projectionState.delete({ where: { view_version: { view: projector.view, version } } });
    else
      await tx.projectionState.update({
        where: { view_version: { view: projector.view, version } },
        data: {
          status: "FAILED",
          details: { failures, codeVersion: projector.codeVersion, viewVersion: projector.viewVersion },
        },
      });
  }, LONG_TRANSACTION);
}
