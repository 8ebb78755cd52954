// Test runner configuration. Integration tests start their own embedded databases (and use
// TEST_DATABASE_URL when set), so files run in forked workers with generous timeouts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Pothos resolves graphql's CommonJS build; without this alias our ESM imports would load a second
  // copy and schema utilities would reject types "from another module or realm".
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ["default", ["json", { outputFile: "test-artifacts/vitest-results.json" }]],
  },
});
