// The start-up check over the registry's projectors: rebuilds a view whose serving version was built by
// older code (a normaliser or layout change), so an upgraded service never serves mixed rows.
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.js";
import { refreshStatistics } from "../platform/db/database.js";
import type { Logger } from "../logger.js";
import { servingVersion } from "./projection-state.js";
import { rebuildView } from "./rebuild.js";
import type { Projector } from "./projector.js";
import type { ProjectionRegistry } from "./registry.js";
import type { ServiceMonitor } from "./service-monitor.js";
import { headSequence } from "../events/change-events.js";

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

export async function staleViews(
  prisma: PrismaClient,
  registry: ProjectionRegistry,
): Promise<{ projector: Projector; builtBy: string }[]> {
  const stale = [];
  for (const projector of registry.projectors) {
    const pointer = await prisma.projectionPointer.findUnique({ where: { view: projector.view } });
    if (!pointer) continue;
    const state = await prisma.projectionState.findUnique({
      where: { view_version: { view: projector.view, version: pointer.servingVersion } },
    });
    const builtBy = state ? builtByViewVersion(state) : "nothing recorded";
    if (builtBy !== projector.viewVersion) stale.push({ projector, builtBy });
  }
  return stale;
}

/**
 * An inline view nobody has written yet has no state row, so freshness could only say UNAVAILABLE.
 * With no row written, the (empty) view does incorporate every event so far: record that.
 */
export async function initialiseInlineViews(prisma: PrismaClient, registry: ProjectionRegistry): Promise<void> {
  for (const projector of registry.ofKind("inline")) {
    await prisma.$transaction(async (tx) => {
      if (await tx.projectionPointer.findUnique({ where: { view: projector.view } })) return;
      const version = await servingVersion(tx, projector.view, projector.codeVersion, projector.viewVersion);
      if ((await tx.sparseDocument.count({ where: { view: projector.view, version } })) > 0) return;
      const head = await headSequence(tx);
      await tx.projectionState.update({
        where: { view_version: { view: projector.view, version } },
        data: { highWaterMark: head },
      });
    });
  }
}

/** Rebuilds stale views before serving; a failed acceptance check leaves the old version serving. */
export async function rebuildStaleViews(
  { prisma, pool }: { prisma: PrismaClient; pool: pg.Pool },
  registry: ProjectionRegistry,
  logger: Logger,
  monitor?: ServiceMonitor,
): Promise<void> {
  await initialiseInlineViews(prisma, registry);
  for (const { projector, builtBy } of await staleViews(prisma, registry)) {
    logger.warn("derived view was built by other code: rebuilding", {
      view: projector.view,
      builtBy,
      viewVersion: projector.viewVersion,
    });
    const tracked = monitor?.trackRebuild(projector.view);
    let report;
    try {
      report = await rebuildView(prisma, projector, { progress: tracked?.progress });
    } catch (error) {
      tracked?.finished(null, error as Error);
      throw error;
    }
    tracked?.finished(report);
    if (report.switched) await refreshStatistics(pool);
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
