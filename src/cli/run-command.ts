// Shared ending of every command-line entry point: exit 2 for usage errors, 1 for failures, and a
// one-line message (no stack) for the failures a user can act on: configuration, database, domain.
import { ConfigurationError } from "../env.js";
import { DatabaseStartupError } from "../platform/db/embedded.js";
import { MigrationError } from "../platform/db/migrate.js";
import { DomainError } from "../platform/errors/domain-error.js";

/** A command-line mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

const EXPECTED_FAILURES: (new (...args: never[]) => Error)[] = [
  ConfigurationError,
  DatabaseStartupError,
  MigrationError,
  DomainError,
];

export function runCommand(
  name: string,
  main: () => Promise<number>,
  options: { usage?: string; expected?: (new (...args: never[]) => Error)[]; failurePrefix?: string } = {},
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
        console.error(options.usage ? `${(error as Error).message}\n${options.usage}` : (error as Error).message);
        process.exit(2);
      }
      const known = [...EXPECTED_FAILURES, ...(options.expected ?? [])].some((kind) => error instanceof kind);
      console.error(known ? `${options.failurePrefix ?? `${name}:`} ${(error as Error).message}` : error);
      process.exit(1);
    },
  );
}
