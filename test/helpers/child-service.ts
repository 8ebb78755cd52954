// The real entry point (`src/main.ts`) as a child process of a test: one node process, so a signal sent
// to it reaches the service directly. Its JSON log lines are kept; it is ready when it logs "service ready".
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { projectRoot } from "../../src/env.js";

export interface ChildService {
  child: ChildProcess;
  url: string;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** Starts the service with the demo catalogue and `env` on top of the test's own environment. */
export async function startChildService(env: Record<string, string>): Promise<ChildService> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      WRITE_RATE_LIMIT: "0",
      CATALOGUE: "demo",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.message === "service ready") resolve(String(entry.url));
      } catch {
        logs.push({ raw: line });
      }
    });
    child.stderr!.on("data", () => undefined);
    void exited.then((code) =>
      reject(new Error(`service exited with ${code} before it was ready: ${JSON.stringify(logs)}`)),
    );
  });
  return { child, url, logs, exited };
}
