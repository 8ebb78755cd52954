// What the write benches share: the service they measure, started in this process on the configured
// database (DATABASE_URL) or a fresh embedded one in a temp DATA_DIR, and the mutation their clients send.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv, type Env } from "../../src/env.js";
import { startService, type RunningService } from "../../src/service.js";

/** recordResearch, selecting what the benches check: the typed error, or the object and whether it was a replay. */
export const RECORD = `
  mutation Record($input: RecordResearchInput!) {
    recordResearch(input: $input) {
      __typename
      ... on ResearchError { code message }
      ... on ResearchObjectPayload { replayed researchObject { id accession } }
    }
  }`;

export interface BenchService {
  service: RunningService;
  env: Env;
  /** How the database is named in the output (a server URL without its password). */
  database: string;
  stop(): Promise<void>;
}

/**
 * Starts the service for a write bench. The per-operator write limit protects a shared service and a
 * bench measures the write path, so it is off unless WRITE_RATE_LIMIT is set explicitly.
 */
export async function startBenchService(name: string): Promise<BenchService> {
  const embeddedDir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), `rms-${name}-`));
  const env = parseEnv({
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    WRITE_RATE_LIMIT: process.env.WRITE_RATE_LIMIT ?? "0",
    ...(embeddedDir ? { DATA_DIR: embeddedDir } : {}),
  });
  const service = await startService(env);
  const database =
    service.services.db.kind === "server"
      ? `server ${env.databaseUrl!.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")}`
      : `embedded (PGlite) in ${embeddedDir}`;
  return {
    service,
    env,
    database,
    async stop() {
      await service.stop();
      if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
    },
  };
}
