// Paths shared by the catalogue tests: the real snapshots in ../shared/data (absent in some
// checkouts, in which case tests that need them are skipped with a warning) and the repo fixtures.

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const sharedDataDir = path.resolve(repoRoot, "../shared/data");
export const erdosYamlPath = path.join(sharedDataDir, "erdosproblems/problems.yaml");
export const statementsPath = path.join(sharedDataDir, "formal-conjectures/statements.jsonl");
export const brokenFixturesDir = path.join(repoRoot, "fixtures/catalogue/broken");

export const hasRealData = existsSync(erdosYamlPath) && existsSync(statementsPath);

export function warnIfRealDataMissing(suite: string): void {
  if (!hasRealData) {
    console.warn(
      `[${suite}] skipped the real-data tests: ${erdosYamlPath} or ${statementsPath} does not exist (shared data snapshot not mounted).`,
    );
  }
}

/** erdosproblems.com's statements (no licence: read from the shared snapshot, never committed). */
export const erdosSiteStatementsPath = path.join(sharedDataDir, "erdosproblems-site/statements.jsonl");
export const hasErdosSiteStatements = existsSync(erdosSiteStatementsPath);
export const erdosSiteFixturesDir = path.join(repoRoot, "fixtures/erdos-site");

export function warnIfErdosSiteStatementsMissing(suite: string): void {
  if (!hasErdosSiteStatements) {
    console.warn(
      `[${suite}] SKIPPED the real erdosproblems.com statements test: ${erdosSiteStatementsPath} does not exist (shared data snapshot not mounted).`,
    );
  }
}
