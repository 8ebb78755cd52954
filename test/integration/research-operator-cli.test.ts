// `npm run operator -- create --name N --role R` as a child process: the token is printed once,
// alone on the last line; the database keeps only its sha256 digest; the token authenticates writes.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/env.js";
import { createLogger } from "../../src/logger.js";
import { startService, type RunningService } from "../../src/service.js";
import {
  createServerDatabase,
  testDatabaseTargets,
  type TestDatabaseTarget,
  testServiceEnv,
} from "../helpers/databases.js";
import { createProjectFor } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import { uniqueToken } from "../factories/unique-token.js";

const run = promisify(execFile);

interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where the CLI and the service meet: a temp DATA_DIR (embedded) or a fresh server database. */
async function prepareDatabase(
  target: TestDatabaseTarget,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (target.name === "embedded") {
    const dataDir = await mkdtemp(path.join(tmpdir(), "rms-operator-cli-"));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createServerDatabase(target.url);
  return { env: { DATABASE_URL: database.url }, cleanup: () => database.drop() };
}

describe.each(testDatabaseTargets())("operator CLI ($name database)", (target) => {
  let databaseEnv: Record<string, string>;
  let cleanup: () => Promise<void>;
  let service: RunningService | undefined;

  const operatorCli = (...args: string[]) => operatorCliWith({}, ...args);
  const operatorCliWith = async (extraEnv: Record<string, string>, ...args: string[]): Promise<CliOutcome> => {
    try {
      const { stdout, stderr } = await run("npx", ["tsx", "src/cli/operator.ts", ...args], {
        cwd: projectRoot,
        env: { ...process.env, LOG_LEVEL: "warn", CATALOGUE: "demo", ...databaseEnv, ...extraEnv },
        timeout: 90_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return {
        code: typeof failed.code === "number" ? failed.code : -1,
        stdout: failed.stdout ?? "",
        stderr: failed.stderr ?? "",
      };
    }
  };

  const startOnSameDatabase = async () => {
    const env = testServiceEnv(databaseEnv);
    return startService(env, { logger: createLogger("silent") });
  };

  beforeAll(async () => {
    ({ env: databaseEnv, cleanup } = await prepareDatabase(target));
  });

  afterAll(async () => {
    await service?.stop();
    await cleanup?.();
  });

  it(
    "prints the token alone on the last line, stores only its hash, and the token writes",
    { timeout: 120_000 },
    async () => {
      const name = `cli-agent-${uniqueToken()}`;
      const outcome = await operatorCli("create", "--name", name, "--role", "agent");
      expect(outcome.code, outcome.stderr).toBe(0);
      const lines = outcome.stdout.trimEnd().split("\n");
      const token = lines[lines.length - 1]!;
      expect(token).toMatch(/^rms_[A-Za-z0-9_-]{20,}$/);
      expect(lines.slice(0, -1).join("\n")).not.toContain(token);
      expect(outcome.stdout.split(token)).toHaveLength(2);
      expect(outcome.stdout).toContain(name);

      service = await startOnSameDatabase();
      const prisma = service.services.db.prisma;
      const operator = await prisma.operator.findUniqueOrThrow({ where: { name } });
      expect(operator.role).toBe("AGENT");
      expect(operator.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      const { rows } = await service.services.db.pool.query<{ dump: string }>(
        "SELECT row_to_json(o)::text AS dump FROM operators o",
      );
      expect(rows.map((row) => row.dump).join("\n")).not.toContain(token);

      const project = await createProjectFor(service.server.url, token, { problemRef: "cp:erdos:1" });
      const object = await recordObject(service.server.url, token, project.id);
      const stored = await prisma.researchObject.findFirstOrThrow({ where: { slug: object.slug } });
      expect(stored.createdById).toBe(operator.id);
      await service.stop();
      service = undefined;
    },
  );

  it(
    "refuses an unknown role or a taken name with a non-zero exit, printing no token and creating nothing",
    { timeout: 120_000 },
    async () => {
      const unknownRole = await operatorCli("create", "--name", `cli-${uniqueToken()}`, "--role", "wizard");
      expect(unknownRole.code).not.toBe(0);
      expect(unknownRole.stderr).toMatch(/Role must be one of/);
      expect(unknownRole.stdout).not.toMatch(/rms_/);

      const name = `cli-twice-${uniqueToken()}`;
      expect((await operatorCli("create", "--name", name, "--role", "reader")).code).toBe(0);
      const again = await operatorCli("create", "--name", name, "--role", "agent");
      expect(again.code).not.toBe(0);
      expect(again.stdout).not.toMatch(/rms_/);

      const usage = await operatorCli("create", "--name", `cli-${uniqueToken()}`);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/usage:/);

      service = await startOnSameDatabase();
      const operators = await service.services.db.prisma.operator.findMany({ where: { name: { startsWith: "cli-" } } });
      expect(
        operators.map((operator) => [operator.name.startsWith("cli-twice-"), operator.role]).filter(([twice]) => twice),
      ).toEqual([[true, "READER"]]);
      expect(
        operators.filter(
          (operator) => !operator.name.startsWith("cli-agent-") && !operator.name.startsWith("cli-twice-"),
        ),
      ).toEqual([]);
    },
  );

  it(
    "lists, rotates and revokes operators, with the service stopped and, by --url, while it runs",
    { timeout: 240_000 },
    async () => {
      await service?.stop();
      service = undefined;
      const tokenOf = (outcome: CliOutcome) => outcome.stdout.trimEnd().split("\n").at(-1)!;
      const admin = `ops-admin-${uniqueToken()}`;
      const agent = `ops-agent-${uniqueToken()}`;
      const adminToken = tokenOf(await operatorCli("create", "--name", admin, "--role", "admin"));
      const firstAgentToken = tokenOf(await operatorCli("create", "--name", agent, "--role", "agent"));
      const rotated = await operatorCli("rotate", "--name", agent);
      expect(rotated.code, rotated.stderr).toBe(0);
      const agentToken = tokenOf(rotated);
      expect(agentToken).not.toBe(firstAgentToken);
      const listed = await operatorCli("list");
      expect(listed.stdout).toMatch(new RegExp(`${agent}\tAGENT\tactive`));
      expect(listed.stdout).not.toContain("rms_");

      service = await startOnSameDatabase();
      const url = service.server.url;
      // The old token stopped working at the rotation; the new one writes.
      const project = await createProjectFor(url, agentToken);
      await expect(createProjectFor(url, firstAgentToken)).rejects.toThrow(/UNAUTHENTICATED/);
      const remote = (...args: string[]) => operatorCliWith({ RMS_ADMIN_TOKEN: adminToken }, ...args, "--url", url);
      expect((await remote("list")).stdout).toContain(admin);
      const revoked = await remote("revoke", "--name", agent);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toContain(`revoked ${agent}`);
      expect((await remote("revoke", "--name", agent)).stdout).toContain("already revoked");
      await expect(recordObject(url, agentToken, project.id)).rejects.toThrow(/UNAUTHENTICATED/);
      const lastAdmin = await remote("revoke", "--name", admin);
      expect(lastAdmin.code).toBe(1);
      expect(lastAdmin.stderr).toMatch(/LAST_ADMIN/);
      const notAdmin = await operatorCliWith(
        { RMS_ADMIN_TOKEN: "rms_not-a-token-at-all-000000" },
        "list",
        "--url",
        url,
      );
      expect(notAdmin.code).toBe(1);
      expect(notAdmin.stderr).toMatch(/UNAUTHENTICATED/);
    },
  );
});
