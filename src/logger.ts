// Structured JSON logs on stdout, one object per line. Never log tokens or request bodies.
// `child` binds fields (request id, operator id) so every line of a request can be correlated.
import type { Env } from "./env.js";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger that adds `bound` to every line it writes. */
  child(bound: Record<string, unknown>): Logger;
}

export function createLogger(
  level: Env["logLevel"],
  write: (line: string) => void = (line) => process.stdout.write(line),
  bound: Record<string, unknown> = {},
): Logger {
  const threshold = LEVELS[level];
  const log =
    (name: keyof typeof LEVELS) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[name] < threshold) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: name, message, ...bound, ...fields })}\n`);
    };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    child: (more) => createLogger(level, write, { ...bound, ...more }),
  };
}

/** Apollo Server logs free-form arguments; this routes them through our JSON lines. */
export function apolloLogger(logger: Logger) {
  const text = (args: unknown[]) => args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ");
  const scoped = logger.child({ component: "apollo" });
  return {
    debug: (...args: unknown[]) => scoped.debug(text(args)),
    info: (...args: unknown[]) => scoped.info(text(args)),
    warn: (...args: unknown[]) => scoped.warn(text(args)),
    error: (...args: unknown[]) => scoped.error(text(args)),
  };
}
