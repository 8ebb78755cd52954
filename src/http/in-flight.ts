// Tracks mutations being executed on either transport, so shutdown can wait for them to commit
// before the database closes: an acknowledged write must never be lost to SIGTERM.
import type { ApolloServerPlugin } from "@apollo/server";

export interface InFlightWrites {
  readonly count: number;
  /** Runs `work` as a tracked write. */
  track<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once no write is running, or after `timeoutMs`; true when drained. */
  drained(timeoutMs: number): Promise<boolean>;
  plugin: ApolloServerPlugin;
}

export function createInFlightWrites(): InFlightWrites {
  let count = 0;
  const waiters: (() => void)[] = [];
  const begin = () => {
    count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      count -= 1;
      if (count === 0) for (const wake of waiters.splice(0)) wake();
    };
  };
  return {
    get count() {
      return count;
    },
    async track(work) {
      const end = begin();
      try {
        return await work();
      } finally {
        end();
      }
    },
    async drained(timeoutMs) {
      if (count === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        new Promise<boolean>((resolve) => waiters.push(() => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      return done;
    },
    plugin: {
      async requestDidStart() {
        return {
          async executionDidStart({ operation }) {
            if (operation?.operation !== "mutation") return;
            const end = begin();
            return { executionDidEnd: async () => end() };
          },
        };
      },
    },
  };
}
