// A CPU profile of one stretch of a bench (node:inspector, this thread only: the load generator runs in
// its own worker thread and is not in it) and its summary: self and total time by function and by package.
import { writeFileSync } from "node:fs";
import { Session, type Profiler, type Runtime } from "node:inspector";

export interface CpuProfiling {
  /** Stops the profiler, writes the `.cpuprofile` (Chrome DevTools opens it) and returns it. */
  stop(file: string): Promise<Profiler.Profile>;
}

function post<T>(session: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
}

export async function startCpuProfile(samplingIntervalMicros = 200): Promise<CpuProfiling> {
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.setSamplingInterval", { interval: samplingIntervalMicros });
  await post(session, "Profiler.start");
  return {
    async stop(file) {
      const { profile } = await post<{ profile: Profiler.Profile }>(session, "Profiler.stop");
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      return profile;
    },
  };
}

/**
 * Where a frame's code lives: an npm package (graphql split by its parse, validation and execution
 * folders, since each is a distinct cost), a file of ours (its path from src/), Node's own code, or V8.
 */
export function packageOf(frame: Runtime.CallFrame): string {
  const url = frame.url;
  if (url === "") return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  if (url.startsWith("node:")) return "node";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules !== -1) {
    const parts = url.slice(modules + "/node_modules/".length).split("/");
    const name = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
    if (name === "graphql" && ["language", "validation", "execution"].includes(parts[1] ?? ""))
      return `graphql/${parts[1]}`;
    return name;
  }
  const source = url.indexOf("/src/");
  return source === -1 ? url : url.slice(source + 1);
}

const EXPRESS_STACK = new Set([
  "express",
  "router",
  "body-parser",
  "raw-body",
  "content-type",
  "type-is",
  "negotiator",
  "parseurl",
  "finalhandler",
  "etag",
  "fresh",
  "accepts",
  "vary",
  "on-finished",
  "iconv-lite",
  "media-typer",
  "mime-types",
  "http-errors",
  "statuses",
  "depd",
  "qs",
]);
const DATABASE = /^(?:@prisma\/|@electric-sql\/|wasm:|pg$|pg-)/;

/** The layer a package belongs to, so self time adds up to where a request's time goes. */
export function layerOf(name: string): string {
  if (name.startsWith("@apollo/") || name.startsWith("@as-integrations/")) return "Apollo Server";
  if (name === "graphql/language") return "graphql language (parse, visit)";
  if (name === "graphql/validation") return "graphql validation";
  if (name.startsWith("graphql") || name.startsWith("@pothos/")) return "graphql execution (graphql-js, Pothos)";
  if (EXPRESS_STACK.has(name)) return "express and its middleware";
  if (DATABASE.test(name)) return "database (Prisma, pg, PGlite)";
  if (name.startsWith("src/"))
    return `ours: ${name
      .split("/")
      .slice(0, name.startsWith("src/features/") ? 3 : 2)
      .join("/")}`;
  if (name === "node" || name === "(native)") return "Node (sockets, streams, crypto)";
  if (name === "(garbage collector)") return "garbage collector";
  if (name === "(idle)" || name === "(program)") return "idle, other";
  return name;
}

const functionOf = (frame: Runtime.CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${packageOf(frame)}:${frame.lineNumber + 1}`;

/**
 * The time a sample stands for: the gap to the next sample. The gap before the first one (the profiler
 * starting while the thread was busy elsewhere) belongs to no stack and is left out of every share.
 */
function sampleMs(profile: Profiler.Profile, index: number): number {
  const deltas = profile.timeDeltas ?? [];
  return (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
}

interface Row {
  name: string;
  selfMs: number;
  totalMs: number;
}

/** Self time counts the sampled frame; total time counts each distinct function or package once per sample stack. */
function aggregate(profile: Profiler.Profile, keyOf: (frame: Runtime.CallFrame) => string): Row[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const rows = new Map<string, Row>();
  const row = (name: string) => rows.get(name) ?? rows.set(name, { name, selfMs: 0, totalMs: 0 }).get(name)!;
  const samples = profile.samples ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const ms = sampleMs(profile, index);
    let id: number | undefined = samples[index]!;
    row(keyOf(byId.get(id)!.callFrame)).selfMs += ms;
    const seen = new Set<string>();
    for (; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      if (node.callFrame.functionName === "(root)") continue;
      const key = keyOf(node.callFrame);
      if (!seen.has(key)) row(key).totalMs += ms;
      seen.add(key);
    }
  }
  return [...rows.values()];
}

function table(title: string, rows: Row[], sampledMs: number, top: number, order: "selfMs" | "totalMs"): string {
  const percent = (ms: number) => `${((100 * ms) / sampledMs).toFixed(1).padStart(5)}%`;
  const lines = [...rows]
    .sort((a, b) => b[order] - a[order])
    .slice(0, top)
    .map((row) => `  ${percent(row.selfMs)} ${percent(row.totalMs)}  ${row.name}`);
  return [`${title} (self, total; of ${sampledMs.toFixed(0)} ms sampled)`, ...lines].join("\n");
}

/**
 * The top functions by self time, layers and packages by self time, and packages by total time, as
 * printable text. A middleware's total includes everything it reached through `next()`.
 */
export function summariseProfile(profile: Profiler.Profile, top = 10): string {
  const sampledMs = (profile.samples ?? []).reduce((sum, _sample, index) => sum + sampleMs(profile, index), 0);
  const layer = (frame: Runtime.CallFrame) => layerOf(packageOf(frame));
  return [
    table(`top ${top} functions by self time`, aggregate(profile, functionOf), sampledMs, top, "selfMs"),
    table("layers by self time", aggregate(profile, layer), sampledMs, 2 * top, "selfMs"),
    table("packages by self time", aggregate(profile, packageOf), sampledMs, 2 * top, "selfMs"),
    table(
      "packages by total time (a middleware's includes what ran after it)",
      aggregate(profile, packageOf),
      sampledMs,
      2 * top,
      "totalMs",
    ),
  ].join("\n");
}
