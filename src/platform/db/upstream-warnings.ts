// @prisma/adapter-pg 7.10 sends a transaction's statements without awaiting each one, so pg 8 prints a
// deprecation notice ("client.query() when the client is already executing a query") on every process
// that writes. pg queues those statements correctly today; the notice only matters for pg 9, where the
// adapter must change first. Filtering this one message keeps every other warning visible.
const ADAPTER_PG_NOTICE = "Calling client.query() when the client is already executing a query";

/** Marks the filtering `process.emitWarning`, so a second database opened in the process does not wrap it again. */
const FILTERS_ADAPTER_NOTICE = Symbol.for("erdos-research-memory.filtersAdapterPgNotice");

type MarkedEmitWarning = typeof process.emitWarning & { [FILTERS_ADAPTER_NOTICE]?: true };

export function silenceKnownAdapterNotice(): void {
  // The mark lives on the patched function itself: the process is the state, not this module.
  if ((process.emitWarning as MarkedEmitWarning)[FILTERS_ADAPTER_NOTICE]) return;
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  const filtered = ((warning: string | Error, ...rest: unknown[]) => {
    const message = typeof warning === "string" ? warning : warning.message;
    if (message.startsWith(ADAPTER_PG_NOTICE)) return;
    emitWarning(warning, ...rest);
  }) as MarkedEmitWarning;
  filtered[FILTERS_ADAPTER_NOTICE] = true;
  process.emitWarning = filtered;
}
