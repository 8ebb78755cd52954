// Rebuilds a derived view into a new version: build from the canonical records at one snapshot, catch
// up from the change stream, compare with the serving version, switch the pointer only if checks pass.
import type { PrismaClient } from "../generated/prisma/client.js";
import { LONG_TRANSACTION, type TransactionClient } from "../platform/db/transaction.js";
import type { ChangeEventRow } from "../events/event-stream.js";
import { servingVersion } from "./projection-state.js";
import { lockState, nextEvents } from "../features/memory/projection/memory-refresh.js";
import {
  diffTable,
  discardVersion,
  runChecks,
  type AcceptanceCheck,
  type TableDiff,
  type TableSpec,
} from "./rebuild-compare.js";
import type { BuildProgress } from "../features/memory/projection/memory-apply.js";
import { settleInlineSwitch } from "./rebuild-inline.js";

export interface Rebuilder {
  view: string;
  /** The view's code version: the first version number a store uses for it (versions are an int column). */
  codeVersion: number;
  /**
   * What builds the view, recorded with each version it builds (`details.viewVersion`): start-up rebuilds a serving
   * version recorded otherwise (rebuilders.ts). For views built from tokens it is the code version and the lexicon's
   * hash (`21007+831666ae337d`), so a change to the lexicon's data files rebuilds them with no number bumped.
   */
  viewVersion: string;
  /** Inline views are written by write transactions; the rest by the worker. */
  inline: boolean;
  tables: TableSpec[];
  checks: AcceptanceCheck[];
  build(tx: TransactionClient, version: number, mark: bigint, progress: BuildProgress): Promise<void>;
  catchUp(tx: TransactionClient, version: number, events: ChangeEventRow[]): Promise<void>;
}

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

async function prepare(prisma: PrismaClient, rebuilder: Rebuilder): Promise<{ serving: number; target: number }> {
  return prisma.$transaction(async (tx) => {
    const serving = await servingVersion(tx, rebuilder.view, rebuilder.codeVersion, rebuilder.viewVersion);
    const latest = await tx.projectionState.aggregate({ where: { view: rebuilder.view }, _max: { version: true } });
    // Above every version ever used (failed and retired ones too), so no leftover rows can mix in.
    const target = Math.max(latest._max.version ?? 0, serving, rebuilder.codeVersion - 1) + 1;
    await tx.projectionState.create({
      data: {
        view: rebuilder.view,
        version: target,
        status: "BUILDING",
        details: {
          startedAt: new Date().toISOString(),
          codeVersion: rebuilder.codeVersion,
          viewVersion: rebuilder.viewVersion,
        },
      },
    });
    return { serving, target };
  });
}

/** Applies every event after the version's mark (the caller holds its state row lock). */
async function catchUpWithin(
  tx: TransactionClient,
  rebuilder: Rebuilder,
  version: number,
  mark: bigint,
): Promise<bigint> {
  for (;;) {
    const events = await nextEvents(tx, mark, CATCH_UP_BATCH);
    if (events.length === 0) return mark;
    await rebuilder.catchUp(tx, version, events);
    mark = events.at(-1)!.sequence;
    await tx.projectionState.update({
      where: { view_version: { view: rebuilder.view, version } },
      data: { highWaterMark: mark },
    });
  }
}

export async function rebuildView(
  prisma: PrismaClient,
  rebuilder: Rebuilder,
  options: { dryRun?: boolean; progress?: BuildProgress } = {},
): Promise<RebuildReport> {
  const started = Date.now();
  const progress = options.progress ?? (() => undefined);
  const { serving, target } = await prepare(prisma, rebuilder);
  try {
    // Repeatable read: the records and the head sequence come from one snapshot, so the mark is exact.
    await prisma.$transaction(
      async (tx) => {
        const head = (await tx.changeEvent.aggregate({ _max: { sequence: true } }))._max.sequence ?? 0n;
        await rebuilder.build(tx, target, head, progress);
        await tx.projectionState.update({
          where: { view_version: { view: rebuilder.view, version: target } },
          data: { highWaterMark: head },
        });
      },
      { ...LONG_TRANSACTION, isolationLevel: "RepeatableRead" },
    );
    progress("catch-up and checks", 0, 1);
    const outcome = await prisma.$transaction(async (tx) => {
      // Freeze both versions: inline views by holding the event counter (writers wait to append),
      // worker views by holding the serving state row (workers skip it).
      if (rebuilder.inline) await tx.$queryRaw`SELECT value FROM counters WHERE name = 'change_event' FOR UPDATE`;
      const servingMark = await lockState(tx, rebuilder.view, serving, true);
      const mark = await catchUpWithin(
        tx,
        rebuilder,
        target,
        (await lockState(tx, rebuilder.view, target, true)) ?? 0n,
      );
      if (!rebuilder.inline && servingMark !== null) await catchUpWithin(tx, rebuilder, serving, servingMark);
      const diff = [];
      for (const table of rebuilder.tables) diff.push(await diffTable(tx, table, serving, target));
      const failures = await runChecks(tx, rebuilder.checks, target);
      const switched = !options.dryRun && failures.length === 0;
      if (switched) {
        await tx.projectionPointer.update({
          where: { view: rebuilder.view },
          data: { servingVersion: target, switchedAt: new Date() },
        });
        await tx.projectionState.update({
          where: { view_version: { view: rebuilder.view, version: serving } },
          data: { status: "RETIRED" },
        });
        await tx.projectionState.update({
          where: { view_version: { view: rebuilder.view, version: target } },
          data: { status: "SERVING" },
        });
      }
      const snapshot =
        switched && rebuilder.inline
          ? (await tx.$queryRaw<{ xmax: string }[]>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`)[0]!
              .xmax
          : null;
      return { diff, failures, switched, mark, snapshot };
    }, LONG_TRANSACTION);
    if (outcome.switched && outcome.snapshot)
      await settleInlineSwitch(prisma, rebuilder, target, outcome.mark, BigInt(outcome.snapshot));
    if (!outcome.switched) await abandon(prisma, rebuilder, target, options.dryRun ? null : outcome.failures);
    return {
      view: rebuilder.view,
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
    await abandon(prisma, rebuilder, target, [(error as Error).message]).catch(() => undefined);
    throw error;
  }
}

/** A dry run leaves nothing; a failed build keeps its state row (FAILED, with the reasons) but no rows. */
async function abandon(
  prisma: PrismaClient,
  rebuilder: Rebuilder,
  version: number,
  failures: string[] | null,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await discardVersion(tx, rebuilder.tables, version);
    if (failures === null)
      await tx.projectionState.delete({ where: { view_version: { view: rebuilder.view, version } } });
    else
      await tx.projectionState.update({
        where: { view_version: { view: rebuilder.view, version } },
        data: {
          status: "FAILED",
          details: { failures, codeVersion: rebuilder.codeVersion, viewVersion: rebuilder.viewVersion },
        },
      });
  }, LONG_TRANSACTION);
}
