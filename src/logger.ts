// Structured JSON logs on stdout, one object per line. Never log tokens or request bodies.
import type { Env } from "./env.js";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: Env["logLevel"], write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const threshold = LEVELS[level];
  const log = (name: keyof typeof LEVELS) => (message: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[name] < threshold) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: name, message, ...fields })}\n`);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}
