// A crash of the default store: `src/main.ts` on the embedded database takes a burst of research writes and
// is killed (SIGKILL: no shutdown, no final checkpoint) in the middle of it. Its data directory must open
// again with every acknowledged write in it, each whole (its object and its event), and the service must
// start on it again, past the dead process's lock. A server database's durability is PostgreSQL's own.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/platform/db/database.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { createProjectFor } from "../factories/projects.js";
import { acknowledgedWrite, startChildService, type ChildService } from "../helpers/child-service.js";

const WRITERS = 6;
/** The kill goes out once this many writes were acknowledged, while the writers keep going. */
const ACKNOWLEDGED_BEFORE_KILL = 40;

/** Writes from WRITERS clients until the service is gone; kills it after ACKNOWLEDGED_BEFORE_KILL answers. */
async function writeUntilKilled(service: ChildService, token: string, projectId: string): Promise<string[]> {
  const acknowledged: string[] = [];
  const writer = async () => {
    for (;;) {
      const id = await acknowledgedWrite(service.url, token, projectId);
      if (id === null) return;
      acknowledged.push(id);
      if (acknowledged.length === ACKNOWLEDGED_BEFORE_KILL) service.child.kill("SIGKILL");
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return acknowledged;
}

describe("SIGKILL during a write burst (embedded database)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rms-crash-"));
  const children: ChildService[] = [];
  afterAll(async () => {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged write whole, and the service starts again on the directory", async () => {
    const setup = await openDatabase({ databaseUrl: null, dataDir });
    const { token } = await createOperator({ prisma: setup.prisma, name: "crash-agent", role: "AGENT" });
    await setup.close();

    const crashed = await startChildService({ DATA_DIR: dataDir });
    children.push(crashed);
    const project = await createProjectFor(crashed.url, token);
    const acknowledged = await writeUntilKilled(crashed, token, project.id);
    await crashed.exited;
    expect(crashed.child.signalCode).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const stored = await reopened.prisma.researchObject.findMany({ select: { id: true } });
      const storedIds = new Set(stored.map((row) => row.id));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
      // Whole writes only: an object without its event, or an event without its object, would be a torn write.
      const events = await reopened.prisma.changeEvent.count({ where: { eventType: "research.recorded" } });
      expect(events).toBe(stored.length);
    } finally {
      await reopened.close();
    }

    const restarted = await startChildService({ DATA_DIR: dataDir });
    children.push(restarted);
    expect(await acknowledgedWrite(restarted.url, token, project.id)).not.toBeNull();
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    // Two starts of a child service (migrations and the demo catalogue on the first) on a loaded CI machine.
  }, 180_000);
});
