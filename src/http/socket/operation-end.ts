// A subscription's async generator parked at an `await` (waiting for the next change) does not see
// `return()` until it next yields, and graphql-ws awaits that `return()` when a socket closes, so the
// operation, its listeners and the connection lingered forever. Wrapping the iterator lets `return()`
// first abort the operation's signal, which every wait inside a subscription listens to.

/** The same iterator, calling `onEnd` once when it finishes, fails, or is returned early. */
export function endingWith<T>(iterator: AsyncIterator<T>, onEnd: () => void): AsyncGenerator<T> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const wrapped: AsyncGenerator<T> = {
    async next() {
      try {
        const result = await iterator.next();
        if (result.done) end();
        return result;
      } catch (error) {
        end();
        throw error;
      }
    },
    async return(value?: unknown) {
      end();
      const result = await iterator.return?.(value);
      return result ?? { done: true, value: value as T };
    },
    async throw(error?: unknown) {
      end();
      if (iterator.throw) return iterator.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return wrapped;
    },
  };
  return wrapped;
}
