// The committed SDL must equal what the code prints. The check runs the real CLI in its own Node
// process: inside vitest, sources get graphql's ESM build while Pothos gets its CommonJS build, and
// graphql refuses schemas from "another realm" (see the report on vitest.config.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/env.js";

const run = promisify(execFile);
const tsx = path.join(projectRoot, "node_modules/.bin/tsx");

describe("committed SDL", () => {
  it("schema/schema.graphql and schema/subgraph.graphql equal the printed schema", async () => {
    const outcome = await run(tsx, ["src/cli/print-schema.ts", "--check"], { cwd: projectRoot }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout}${error.stderr}`,
      }),
    );
    expect(outcome.code, outcome.output).toBe(0);
    expect(outcome.output).toMatch(/up to date/);
  });
});
