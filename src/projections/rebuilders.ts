// Every rebuildable derived view, and the start-up check that rebuilds a view whose serving version was
// built by older code (a normaliser or layout change), so an upgraded service never serves mixed rows.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import { servingVersion } from "./projection-state.js";
import { rebuildView, type Rebuilder } from "./rebuild.js";
import type { ServiceMonitor } from "./service-monitor.js";
import { memoryRebuilder } from "../features/memory/projection/rebuild-memory.js";
import { problemDiscoveryRebuilder, researchMemoryRebuilder } from "../features/discovery/projection/rebuild-sparse.js";

export const REBUILDERS: ReadonlyMap<string, Rebuilder> = new Map(
  [memoryRebuilder, researchMemoryRebuilder, problemDiscoveryRebuilder].map((rebuilder) => [rebuilder.view, rebuilder]),
);

/**
 * The view version (code and data) that built a state row, as recorded in its details. Rows written before view versions
 * carried the lexicon's hash record only a code version number (or nothing but their own version): they read as that
 * number, which no current view version equals, so such a view is rebuilt once.
 */
export function builtByViewVersion(state: { version: number; details: unknown }): string {
  const details = state.details as { codeVersion?: unknown; viewVersion?: unknown } | null;
  if (typeof details?.viewVersion === "string") return details.viewVersion;
  return String(typeof details?.codeVersion === "number" ? details.codeVersion : state.version);
}

export async function staleViews(prisma: PrismaClient): Promise<{ rebuilder: Rebuilder; builtBy: string }[]> {
  const stale = [];
  for (const rebuilder of REBUILDERS.values()) {
    const pointer = await prisma.projectionPointer.findUnique({ where: { view: rebuilder.view } });
    if (!pointer) continue;
    const state = await prisma.projectionState.findUnique({
      where: { view_version: { view: rebuilder.view, version: pointer.servingVersion } },
    });
    const builtBy = state ? builtByViewVersion(state) : "nothing recorded";
    if (builtBy !== rebuilder.viewVersion) stale.push({ rebuilder, builtBy });
  }
  return stale;
}

/**
 * An inline view nobody has written yet has no state row, so freshness could only say UNAVAILABLE.
 * With no row written, the (empty) view does incorporate every event so far: record that.
 */
export async function initialiseInlineViews(prisma: PrismaClient): Promise<void> {
  for (const rebuilder of REBUILDERS.values()) {
    if (!rebuilder.inline) continue;
    await prisma.$transaction(async (tx) => {
      if (await tx.projectionPointer.findUnique({ where: { view: rebuilder.view } })) return;
      const version = await servingVersion(tx, rebuilder.view, rebuilder.codeVersion, rebuilder.viewVersion);
      if ((await tx.sparseDocument.count({ where: { view: rebuilder.view, version } })) > 0) return;
      const head = (await tx.changeEvent.aggregate({ _max: { sequence: true } }))._max.sequence ?? 0n;
      await tx.projectionState.update({
        where: { view_version: { view: rebuilder.view, version } },
        data: { highWaterMark: head },
      });
    });
  }
}

/** Rebuilds stale views before serving; a failed acceptance check leaves the old version serving. */
export async function rebuildStaleViews(prisma: PrismaClient, logger: Logger, monitor?: ServiceMonitor): Promise<void> {
  await initialiseInlineViews(prisma);
  for (const { rebuilder, builtBy } of await staleViews(prisma)) {
    logger.warn("derived view was built by other code: rebuilding", {
      view: rebuilder.view,
      builtBy,
      viewVersion: rebuilder.viewVersion,
    });
    const tracked = monitor?.trackRebuild(rebuilder.view);
    let report;
    try {
      report = await rebuildView(prisma, rebuilder, { progress: tracked?.progress });
    } catch (error) {
      tracked?.finished(null, error as Error);
      throw error;
    }
    tracked?.finished(report);
    if (report.switched) await prisma.$executeRaw`ANALYZE`;
    const log = report.switched ? logger.info : logger.error;
    log("derived view rebuild finished", {
      view: report.view,
      version: report.builtVersion,
      switched: report.switched,
      failures: report.failures,
      ms: report.durationMs,
    });
  }
}
