// @prisma/adapter-pg 7.10 sends a transaction's statements without awaiting each one, so pg 8 prints a
// deprecation notice ("client.query() when the client is already executing a query") on every process
// that writes. pg queues those statements correctly today; the notice only matters for pg 9, where the
// adapter must change first. Filtering this one message keeps every other warning visible.
const ADAPTER_PG_NOTICE = "Calling client.query() when the client is already executing a query";

let installed = false;

export function silenceKnownAdapterNotice(): void {
  if (installed) return;
  installed = true;
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const message = typeof warning === "string" ? warning : warning.message;
    if (message.startsWith(ADAPTER_PG_NOTICE)) return;
    emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}
