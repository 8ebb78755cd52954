// What fixes every candidate read of a request (round trip 2): the target, project scope, view versions,
// checkpoint head mark and pinned worlds. A ref resolves to the same context until a view moves, so the
// caches remember it per ref and a request may start its candidate reads on it before it is confirmed.
export interface ReadContext {
  targetId: string;
  scope: string | null;
  memoryVersion: number | null;
  sparseVersion: number | null;
  /** The target head's mark in memoryVersion (null: nothing cached under it). */
  headMark: string | null;
  worlds: string[];
}

export function sameReadContext(left: ReadContext, right: ReadContext): boolean {
  return (
    left.targetId === right.targetId &&
    left.scope === right.scope &&
    left.memoryVersion === right.memoryVersion &&
    left.sparseVersion === right.sparseVersion &&
    left.headMark === right.headMark &&
    left.worlds.length === right.worlds.length &&
    left.worlds.every((world, index) => world === right.worlds[index])
  );
}
