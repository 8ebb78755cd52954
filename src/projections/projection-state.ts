// Projection state: which version of each derived view serves reads and the last contiguous event
// sequence it incorporates. Inline views advance with every event their write transactions append.
import type { TransactionClient } from "../platform/db/transaction.js";
import { prismaRunner, sql, type SqlRunner } from "../platform/db/sql.js";

/**
 * The serving version of a view, creating the state and pointer for `codeVersion` on first use, recorded as built by
 * `viewVersion` (the code and data that build it: see Projector.viewVersion).
 */
export function servingVersion(
  tx: TransactionClient,
  view: string,
  codeVersion: number,
  viewVersion: string,
): Promise<number> {
  return servingVersionIn(prismaRunner(tx), view, codeVersion, viewVersion);
}

/** servingVersion on any SQL runner (the projection worker's pg connection). */
export async function servingVersionIn(
  tx: SqlRunner,
  view: string,
  codeVersion: number,
  viewVersion: string,
): Promise<number> {
  const [pointer] = await tx.query<{ serving_version: number }>(
    sql`SELECT serving_version FROM projection_pointers WHERE view = ${view}::text`,
  );
  if (pointer) return pointer.serving_version;
  const details = JSON.stringify({ codeVersion, viewVersion });
  await tx.query(sql`
    INSERT INTO projection_states (view, version, status, details, updated_at)
    VALUES (${view}::text, ${codeVersion}::int, 'SERVING', ${details}::jsonb, (now() AT TIME ZONE 'UTC'))
    ON CONFLICT DO NOTHING`);
  await tx.query(sql`
    INSERT INTO projection_pointers (view, serving_version) VALUES (${view}::text, ${codeVersion}::int)
    ON CONFLICT DO NOTHING`);
  return codeVersion;
}

/** Every event up to `sequence` is incorporated by `views` (the inline views, on every append). */
export async function advanceViews(tx: TransactionClient, views: readonly string[], sequence: bigint): Promise<void> {
  if (views.length === 0) return;
  await tx.projectionState.updateMany({
    where: { view: { in: [...views] }, status: "SERVING", highWaterMark: { lt: sequence } },
    data: { highWaterMark: sequence },
  });
}

/** Locks the state row of `version` if it is free (or waits for it); null when another worker holds it. */
export async function lockState(
  tx: TransactionClient,
  view: string,
  version: number,
  wait = false,
): Promise<bigint | null> {
  const rows = wait
    ? await tx.$queryRaw<
        { high_water_mark: bigint }[]
      >`SELECT high_water_mark FROM projection_states WHERE view = ${view} AND version = ${version} FOR UPDATE`
    : await tx.$queryRaw<
        { high_water_mark: bigint }[]
      >`SELECT high_water_mark FROM projection_states WHERE view = ${view} AND version = ${version} FOR UPDATE SKIP LOCKED`;
  return rows[0] ? BigInt(rows[0].high_water_mark) : null;
}
