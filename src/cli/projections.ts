// `npm run projections -- rebuild VIEW [--dry-run]` and `npm run projections -- status`: rebuild a
// derived view into a new version and switch to it only when its acceptance checks pass.
import { parseEnv } from "../env.js";
import { openDatabase, refreshStatistics } from "../platform/db/database.js";
import { readFreshness } from "../projections/freshness.js";
import { rebuildView, type RebuildReport } from "../projections/rebuild.js";
import { createProjectionRegistry } from "../projectors.js";
import { announceRebuild } from "../projections/rebuild-progress.js";
import { parseArgs } from "node:util";
import { answerHelp } from "./command-line.js";
import { runCommand, UsageError } from "./run-command.js";

const projections = createProjectionRegistry();
const USAGE = `usage: npm run projections -- rebuild ${projections.views().join("|")} [--dry-run]\n       npm run projections -- status`;
// Progress lines at most this often, so a 100k rebuild shows movement without flooding the log.
const PROGRESS_INTERVAL_MS = 2_000;

function printReport(report: RebuildReport): void {
  console.log(
    `${report.view}: built version ${report.builtVersion} at high-water mark ${report.highWaterMark} in ${report.durationMs} ms; serving version ${report.servingVersion}`,
  );
  for (const table of report.diff) {
    console.log(
      `  ${table.table}: ${table.rows} rows, +${table.added} -${table.removed} ~${table.changed} against version ${report.servingVersion}`,
    );
    for (const sample of table.samples) console.log(`    ${sample}`);
  }
  for (const failure of report.failures) console.log(`  acceptance check failed: ${failure}`);
  if (report.dryRun) console.log(`dry run: nothing switched; version ${report.builtVersion} discarded`);
  else if (report.switched)
    console.log(`switched ${report.view} to version ${report.builtVersion}; version ${report.servingVersion} retired`);
  else console.log(`kept version ${report.servingVersion}; version ${report.builtVersion} marked FAILED`);
}

async function main(argv: string[]): Promise<number> {
  answerHelp(argv, USAGE);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" } },
  });
  const [command, view] = positionals;
  if (command !== "rebuild" && command !== "status") throw new UsageError(USAGE);
  const projector = command === "rebuild" ? projections.get(view ?? "") : undefined;
  if (command === "rebuild" && !projector) throw new UsageError(`unknown view "${view ?? ""}"\n${USAGE}`);
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    if (!projector) {
      for (const entry of await readFreshness(db.prisma)) {
        console.log(
          `${entry.view}: version ${entry.version ?? "-"} ${entry.status}, high-water mark ${entry.highWaterMark} of ${entry.headSequence} (lag ${entry.lagEvents})`,
        );
      }
      return 0;
    }
    let lastPrinted = 0;
    // On a server database the service's dashboards show the rebuild's stage and counts (NOTIFY).
    const announced = db.kind === "server" ? announceRebuild(db.pool, projector.view) : null;
    let report: RebuildReport;
    try {
      report = await rebuildView(db.prisma, projector, {
        dryRun: values["dry-run"] === true,
        progress: (stage, done, total) => {
          announced?.progress(stage, done, total);
          if (Date.now() - lastPrinted < PROGRESS_INTERVAL_MS && done < total) return;
          lastPrinted = Date.now();
          console.log(`  ${stage}: ${done}/${total}`);
        },
      });
    } catch (error) {
      await announced?.finished(null, error as Error);
      throw error;
    }
    await announced?.finished(report);
    if (report.switched) await refreshStatistics(db.pool);
    printReport(report);
    return report.failures.length === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

runCommand("projections", () => main(process.argv.slice(2)), { usage: USAGE });
