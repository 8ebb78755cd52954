// The real entry point (`src/main.ts`) as a child process of a test: one node process, so a signal sent
// to it reaches the service directly. Its JSON log lines are kept; it is ready when it logs "service ready".
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { projectRoot } from "../../src/env.js";
import { buildResearchInput } from "../factories/research.js";
import { RECORD_RESEARCH } from "./documents/research.js";

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

/**
 * One recordResearch over HTTP: the stored row's uuid when the service acknowledged the write, null when it
 * did not (refused, or the connection was cut: a service that is gone never acknowledged it).
 */
export async function acknowledgedWrite(url: string, token: string, projectId: string): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: RECORD_RESEARCH, variables: { input: buildResearchInput(projectId) } }),
    });
    const body = (await response.json()) as { data?: { recordResearch?: { researchObject?: { id: string } } } };
    const id = body.data?.recordResearch?.researchObject?.id;
    // Relay global id "ResearchObject:<uuid>" -> the row's uuid.
    return id ? Buffer.from(id, "base64").toString("utf8").split(":")[1]! : null;
  } catch {
    return null;
  }
}
