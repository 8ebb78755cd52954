// Prints the committed SDL: schema/schema.graphql (the public API) and schema/subgraph.graphql (the
// federation subgraph). `--check` compares instead of writing, for CI. Never touches a database.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { printSchema } from "graphql";
import { projectRoot } from "../env.js";
import { readCommandLine } from "./command-line.js";
import { buildPlainSchema, buildSchema, subgraphSdl } from "../schema.js";

export const PRINT_COMMAND = "npm run schema:print";

export interface SchemaFile {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

/** The SDL files as the current code prints them. */
export function renderSchemaFiles(): SchemaFile[] {
  return [
    { path: "schema/schema.graphql", content: `${printSchema(buildPlainSchema())}\n` },
    { path: "schema/subgraph.graphql", content: `${subgraphSdl(buildSchema())}\n` },
  ];
}

/** Committed files that are missing or differ from what the code prints. */
export function staleSchemaFiles(root = projectRoot): string[] {
  return renderSchemaFiles()
    .filter((file) => {
      const absolute = path.join(root, file.path);
      return !existsSync(absolute) || readFileSync(absolute, "utf8") !== file.content;
    })
    .map((file) => file.path);
}

const USAGE = [
  `usage: ${PRINT_COMMAND} [--check]`,
  "  writes schema/schema.graphql and schema/subgraph.graphql from the code",
  "  --check  compare instead of writing; exit 1 when a committed file is out of date (npm run schema:check)",
].join("\n");

function main(argv: string[]): number {
  const { values } = readCommandLine({ args: argv, options: { check: { type: "boolean" } } }, USAGE);
  if (values.check) {
    const stale = staleSchemaFiles();
    if (stale.length > 0) {
      console.error(
        `The committed SDL is out of date with the code: ${stale.join(", ")}.\n` +
          `Run \`${PRINT_COMMAND}\` and commit the result.`,
      );
      return 1;
    }
    console.log("schema/schema.graphql and schema/subgraph.graphql are up to date");
    return 0;
  }
  for (const file of renderSchemaFiles()) {
    const absolute = path.join(projectRoot, file.path);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, file.content);
    console.log(`wrote ${file.path}`);
  }
  return 0;
}

// Run only as a script, so tests can import the functions above without writing files.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
