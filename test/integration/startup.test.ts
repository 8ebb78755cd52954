import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/platform/db/database.js";
import { DatabaseStartupError } from "../../src/platform/db/embedded.js";
import { ConfigurationError, parseEnv } from "../../src/env.js";
import { createLogger } from "../../src/logger.js";
import { startService } from "../../src/service.js";

const UNREACHABLE_URL = "postgresql://postgres@127.0.0.1:1/x";

const temporaryDirectories: string[] = [];
function temporaryDataDir(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "rms-startup-"));
  temporaryDirectories.push(directory);
  return directory;
}

afterEach(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("database start-up failures", () => {
  it("names an unreachable PostgreSQL server", async () => {
    const opening = openDatabase({ databaseUrl: UNREACHABLE_URL, dataDir: null });
    await expect(opening).rejects.toThrow(DatabaseStartupError);
    await expect(opening).rejects.toThrow(
      /Cannot reach the PostgreSQL server at postgresql:\/\/postgres@127\.0\.0\.1:1\/x/,
    );
  });

  it("makes the service refuse to start on an unreachable server", async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      CATALOGUE: "demo",
      DATABASE_URL: UNREACHABLE_URL,
    });
    await expect(startService(env, { logger: createLogger("silent") })).rejects.toThrow(DatabaseStartupError);
  });

  it("refuses a data directory another live process holds", async () => {
    const dataDir = temporaryDataDir();
    const holder = process.ppid;
    writeFileSync(path.join(dataDir, "service.lock"), String(holder));
    const opening = openDatabase({ databaseUrl: null, dataDir });
    await expect(opening).rejects.toThrow(DatabaseStartupError);
    await expect(opening).rejects.toThrow(new RegExp(`in use by process ${holder}`));
    expect(readFileSync(path.join(dataDir, "service.lock"), "utf8")).toBe(String(holder));
    expect(existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });

  it("takes over the lock of a process that has exited", async () => {
    const dataDir = temporaryDataDir();
    const exited = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(path.join(dataDir, "service.lock"), String(exited));
    const db = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(JSON.parse(readFileSync(path.join(dataDir, "service.lock"), "utf8")).pid).toBe(process.pid);
      expect(await db.prisma.problem.count()).toBe(0);
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(dataDir, "service.lock"))).toBe(false);
  });

  it("takes over a lock whose pid now belongs to another process (killed, pid reused)", async () => {
    const dataDir = temporaryDataDir();
    // The parent is alive, but it started long before the start time the lock records.
    writeFileSync(path.join(dataDir, "service.lock"), JSON.stringify({ pid: process.ppid, startTime: "1" }));
    const db = await openDatabase({ databaseUrl: null, dataDir });
    await db.close();
  });

  it("serves the embedded database on a socket in a private directory, not on a TCP port", async () => {
    const db = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      const url = new URL(db.connectionString);
      const socketDir = url.searchParams.get("host")!;
      expect(socketDir.startsWith(os.tmpdir())).toBe(true);
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(socketDir, ".s.PGSQL.5432")).isSocket()).toBe(true);
      expect(await db.prisma.problem.count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it("explains a corrupt data directory and releases the lock", async () => {
    const dataDir = temporaryDataDir();
    const pgdata = path.join(dataDir, "pgdata");
    mkdirSync(path.join(pgdata, "global"), { recursive: true });
    writeFileSync(path.join(pgdata, "PG_VERSION"), "garbage\n");
    writeFileSync(path.join(pgdata, "postgresql.conf"), "\u0000\u0001 not a configuration");
    writeFileSync(path.join(pgdata, "global", "pg_control"), "not a control file");
    const opening = openDatabase({ databaseUrl: null, dataDir });
    await expect(opening).rejects.toThrow(DatabaseStartupError);
    await expect(opening).rejects.toThrow(/could not be opened .*corrupt.*move it aside/s);
    expect(existsSync(path.join(dataDir, "service.lock"))).toBe(false);
  });
});

describe("npm start", () => {
  it("stops the service, and releases the data directory, when the npm process is signalled", async () => {
    const dataDir = temporaryDataDir();
    const child = spawn("npm", ["start", "--silent"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        CATALOGUE: "demo",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 60 s: ${output}`)), 60_000);
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"service ready"')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(existsSync(path.join(dataDir, "service.lock"))).toBe(true);
    child.kill("SIGTERM");
    // "close" waits for the service (which shares npm's stdout) to finish writing, whatever npm's own exit.
    await new Promise((resolve) => child.once("close", resolve));
    expect(output).toContain('"stopped"');
    expect(existsSync(path.join(dataDir, "service.lock"))).toBe(false);
  }, 90_000);
});

describe("configuration", () => {
  it.each([["abc"], ["70000"], ["-1"], ["80.5"]])("rejects PORT=%s", (port) => {
    expect(() => parseEnv({ PORT: port })).toThrow(ConfigurationError);
    expect(() => parseEnv({ PORT: port })).toThrow(/PORT must be an integer between 0 and 65535/);
  });

  it.each([
    ["not a url", /not a valid URL/],
    ["mysql://root@localhost/db", /must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ])("rejects DATABASE_URL=%s", (url, message) => {
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(ConfigurationError);
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(message);
  });

  it("accepts an empty configuration with working defaults", () => {
    expect(parseEnv({})).toMatchObject({ port: 4000, databaseUrl: null, catalogue: "bundled" });
  });

  it("reads CATALOGUE, keeps LOAD_FIXTURE=false as a deprecated alias of none, and rejects anything else", () => {
    expect(parseEnv({ CATALOGUE: "demo" }).catalogue).toBe("demo");
    expect(parseEnv({ CATALOGUE: "None" }).catalogue).toBe("none");
    expect(parseEnv({ LOAD_FIXTURE: "false" }).catalogue).toBe("none");
    expect(parseEnv({ LOAD_FIXTURE: "true" }).catalogue).toBe("bundled");
    expect(parseEnv({ LOAD_FIXTURE: "false", CATALOGUE: "demo" }).catalogue).toBe("demo");
    expect(() => parseEnv({ CATALOGUE: "full" })).toThrow(/CATALOGUE must be one of bundled, demo, none/);
  });
});
