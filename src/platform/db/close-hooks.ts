// Work that must finish before a pool closes, registered by whoever queues it (impressions written behind
// the response, say), so the database layer closes cleanly without knowing the modules that write through it.
const hooksByPool = new WeakMap<object, (() => Promise<void>)[]>();

export function beforePoolCloses(pool: object, hook: () => Promise<void>): void {
  const hooks = hooksByPool.get(pool) ?? [];
  hooks.push(hook);
  hooksByPool.set(pool, hooks);
}

/** Runs the pool's hooks in registration order; Database.close calls it before ending the pool. */
export async function runBeforeCloseHooks(pool: object): Promise<void> {
  for (const hook of hooksByPool.get(pool) ?? []) await hook();
}
