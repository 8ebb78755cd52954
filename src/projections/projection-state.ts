// Projection state: which version of each derived view serves reads and the last contiguous event
// sequence it incorporates. Views maintained inside write transactions advance with every event.
import type { TransactionClient } from "../platform/db/transaction.js";

/** Views written in the same transaction as the events that change them. */
export const INLINE_VIEWS = new Map<string, number>();

export function registerInlineView(view: string, version: number): void {
  INLINE_VIEWS.set(view, version);
}

/**
 * The serving version of a view, creating the state and pointer for `codeVersion` on first use, recorded as built by
 * `viewVersion` (the code and data that build it: see Rebuilder.viewVersion).
 */
export async function servingVersion(
  tx: TransactionClient,
  view: string,
  codeVersion: number,
  viewVersion: string,
): Promise<number> {
  const pointer = await tx.projectionPointer.findUnique({ where: { view } });
  if (pointer) return pointer.servingVersion;
  await tx.projectionState.upsert({
    where: { view_version: { view, version: codeVersion } },
    create: { view, version: codeVersion, status: "SERVING", details: { codeVersion, viewVersion } },
    update: {},
  });
  await tx.projectionPointer.upsert({ where: { view }, create: { view, servingVersion: codeVersion }, update: {} });
  return codeVersion;
}

/** Every event up to `sequence` is incorporated by the inline views (called by appendEvents). */
export async function advanceInlineViews(tx: TransactionClient, sequence: bigint): Promise<void> {
  if (INLINE_VIEWS.size === 0) return;
  await tx.projectionState.updateMany({
    where: { view: { in: [...INLINE_VIEWS.keys()] }, status: "SERVING", highWaterMark: { lt: sequence } },
    data: { highWaterMark: sequence },
  });
}
