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

const functionOf = (frame: Runtime.CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${packageOf(frame)}:${frame.lineNumber + 1}`;

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
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const ms = (deltas[index + 1] ?? deltas[index] ?? 0) / 1000;
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

/** The top functions by self time, then packages by self and by total time, as printable text. */
export function summariseProfile(profile: Profiler.Profile, top = 10): string {
  const sampledMs = (profile.endTime - profile.startTime) / 1000;
  return [
    table(`top ${top} functions by self time`, aggregate(profile, functionOf), sampledMs, top, "selfMs"),
    table("packages by self time", aggregate(profile, packageOf), sampledMs, 2 * top, "selfMs"),
    table("packages by total time", aggregate(profile, packageOf), sampledMs, 2 * top, "totalMs"),
  ].join("\n");
}
