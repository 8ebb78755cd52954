// Graceful shutdown: `src/main.ts` runs as a child process, takes a burst of research writes and gets
// SIGTERM in the middle of it. Every write it acknowledged must be in the database afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/platform/db/database.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { createServerDatabase, testDatabaseTargets, type ServerDatabase } from "../helpers/databases.js";
import { createProjectFor } from "../factories/projects.js";
import { acknowledgedWrite, startChildService } from "../helpers/child-service.js";

const WRITERS = 6;
/** SIGTERM goes out once this many writes were acknowledged, while the writers keep going. */
const ACKNOWLEDGED_BEFORE_SIGTERM = 30;

describe.each(testDatabaseTargets())("SIGTERM during a write burst ($name database)", (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("drains, exits 0 and loses no acknowledged write", async () => {
    let server: ServerDatabase | null = null;
    let dataDir: string | null = null;
    if (target.name === "server") {
      server = await createServerDatabase(target.url);
      cleanups.push(() => server!.drop());
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), "rms-shutdown-"));
      cleanups.push(async () => rmSync(dataDir!, { recursive: true, force: true }));
    }
    const location = { databaseUrl: server?.url ?? null, dataDir };
    const setup = await openDatabase(location);
    const { token } = await createOperator({ prisma: setup.prisma, name: "shutdown-agent", role: "AGENT" });
    await setup.close();

    const service = await startChildService(server ? { DATABASE_URL: server.url } : { DATA_DIR: dataDir! });
    cleanups.push(async () => {
      if (service.child.exitCode === null) service.child.kill("SIGKILL");
    });
    const project = await createProjectFor(service.url, token);
    const acknowledged: string[] = [];
    let sigtermAt: number | null = null;
    let acknowledgedAfterSigterm = 0;
    const writer = async () => {
      for (;;) {
        const id = await acknowledgedWrite(service.url, token, project.id);
        if (id === null) return;
        acknowledged.push(id);
        if (sigtermAt !== null) acknowledgedAfterSigterm += 1;
        if (sigtermAt === null && acknowledged.length >= ACKNOWLEDGED_BEFORE_SIGTERM) {
          sigtermAt = Date.now();
          service.child.kill("SIGTERM");
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    const exitCode = await service.exited;
    console.info(
      `[shutdown] ${acknowledged.length} writes acknowledged, ${acknowledgedAfterSigterm} after SIGTERM; exit ${exitCode} after ${Date.now() - sigtermAt!} ms`,
    );

    expect(exitCode).toBe(0);
    expect(service.logs).toContainEqual(expect.objectContaining({ message: "shutting down", signal: "SIGTERM" }));
    expect(service.logs).toContainEqual(expect.objectContaining({ message: "stopped", signal: "SIGTERM" }));
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_SIGTERM);

    const reopened = await openDatabase(location);
    try {
      const stored = await reopened.prisma.researchObject.findMany({
        where: { id: { in: acknowledged } },
        select: { id: true },
      });
      expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    } finally {
      await reopened.close();
    }
    // A child process creates its database, migrates and loads the demo catalogue before the burst: on a
    // loaded two-core CI machine that alone has taken most of the default 60 s.
  }, 150_000);
});
