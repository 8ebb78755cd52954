// What the projection engine runs: one Projector per derived view, exported by its feature's projection/
// folder and assembled into a ProjectionRegistry (src/projectors.ts). The engine imports no feature.
import type { TransactionClient } from "../platform/db/transaction.js";
import { prismaRunner, type SqlRunner } from "../platform/db/sql.js";
import type { ChangeEventRow } from "../events/change-events.js";
import type { AcceptanceCheck, TableSpec } from "./rebuild-compare.js";

export interface BuildProgress {
  (stage: string, done: number, total: number): void;
}

/**
 * "inline": written by the write transactions themselves, so every append advances its mark (InlineViews);
 * "worker": kept caught up after commit by the projection worker, which applies the stream with catchUp.
 */
export type ProjectorKind = Projector["kind"];

interface ProjectorBase {
  view: string;
  /** The view's code version: the first version number a store uses for it (versions are an int column). */
  codeVersion: number;
  /**
   * What builds the view, recorded with each version it builds (`details.viewVersion`): start-up rebuilds a serving
   * version recorded otherwise (stale-views.ts). For views built from tokens it is the code version and the lexicon's
   * hash (`21007+831666ae337d`), so a change to the lexicon's data files rebuilds them with no number bumped.
   */
  viewVersion: string;
  /** The tables a version lives in, compared row by row before a rebuilt version may serve. */
  tables: TableSpec[];
  /** Invariants a built version must satisfy to serve. */
  checks: AcceptanceCheck[];
}

/** Written by the write transactions themselves (Prisma), so every append advances its mark (InlineViews). */
export interface InlineProjector extends ProjectorBase {
  kind: "inline";
  /** Builds `version` from the canonical records as they stand in the transaction's snapshot (at `mark`). */
  build(tx: TransactionClient, version: number, mark: bigint, progress: BuildProgress): Promise<void>;
  /** Brings `version` up to date with a contiguous run of events (rebuild catch-up). */
  catchUp(tx: TransactionClient, version: number, events: ChangeEventRow[]): Promise<void>;
}

/**
 * Kept caught up after commit by the projection worker, which applies the stream with catchUp. Its
 * statements are raw SQL (SqlRunner), so the worker runs them on a pg client and a rebuild inside its
 * Prisma transaction.
 */
export interface WorkerProjector extends ProjectorBase {
  kind: "worker";
  build(tx: SqlRunner, version: number, mark: bigint, progress: BuildProgress): Promise<void>;
  catchUp(tx: SqlRunner, version: number, events: ChangeEventRow[]): Promise<void>;
}

export type Projector = InlineProjector | WorkerProjector;

/** Builds with the projector's own kind of transaction, from a rebuild's Prisma transaction. */
export function runBuild(
  tx: TransactionClient,
  projector: Projector,
  version: number,
  mark: bigint,
  progress: BuildProgress,
): Promise<void> {
  return projector.kind === "worker"
    ? projector.build(prismaRunner(tx), version, mark, progress)
    : projector.build(tx, version, mark, progress);
}

/** Catches up with the projector's own kind of transaction, from a rebuild's Prisma transaction. */
export function runCatchUp(
  tx: TransactionClient,
  projector: Projector,
  version: number,
  events: ChangeEventRow[],
): Promise<void> {
  return projector.kind === "worker"
    ? projector.catchUp(prismaRunner(tx), version, events)
    : projector.catchUp(tx, version, events);
}
