// The command line of every entry point (src/cli, tools, scripts): `--help` prints the usage and exits 0
// before anything starts; a malformed command line prints the message with the usage and exits 2.
import { parseArgs, type ParseArgsConfig } from "node:util";

/** `--help` or `-h` before any `--`: the usage on stdout and exit 0, before a database or a service opens. */
export function answerHelp(argv: readonly string[], usage: string): void {
  const terminator = argv.indexOf("--");
  const options = terminator === -1 ? argv : argv.slice(0, terminator);
  if (!options.includes("--help") && !options.includes("-h")) return;
  console.log(usage);
  process.exit(0);
}

/** A usage mistake found after parsing: the message and the usage on stderr, exit 2. */
export function exitWithUsage(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** `parseArgs` (strict) for commands that end the process themselves: help answered, parse errors exit 2. */
export function readCommandLine<T extends ParseArgsConfig & { args: string[] }>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  answerHelp(config.args, usage);
  try {
    return parseArgs(config);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) exitWithUsage((error as Error).message, usage);
    throw error;
  }
}
