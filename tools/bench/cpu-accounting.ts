// Where a bench's CPU goes, by thread and process (Linux /proc): the service's main thread (its event loop),
// the rest of the service process (libuv pool, GC helpers, the clients' worker thread, counted apart), and the
// PostgreSQL backends serving this database. On a machine with few cores the sum per write is the budget
// that caps throughput, so a bench that prints it shows which side to cut.
import { existsSync, readFileSync } from "node:fs";
import type pg from "pg";

/** Linux reports CPU times in clock ticks; USER_HZ is 100 on every architecture Node runs on. */
const MS_PER_TICK = 10;

/** utime + stime of one /proc stat file, in ms; null when it is gone (a thread or backend that exited). */
function statCpuMs(file: string): number | null {
  try {
    const stat = readFileSync(file, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}

/** The calling thread's CPU (Node 20 has no per-thread cpuUsage); null off Linux. */
export function threadCpuMs(): number | null {
  return existsSync("/proc/thread-self/stat") ? statCpuMs("/proc/thread-self/stat") : null;
}

/** CPU time this whole process has used so far (user + system, every thread), in ms; portable. */
export function ownProcessCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
}

function processCpuMs(pid: number): number | null {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** The PostgreSQL backends connected to the pool's database; none for the embedded one. */
export async function databaseBackends(pool: pg.Pool | null): Promise<number[]> {
  if (pool === null) return [];
  const { rows } = await pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  );
  return rows.map((row) => row.pid);
}

/** CPU by backend pid; a backend on another machine (no /proc entry here) is left out. */
function backendCpu(pids: readonly number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

export interface CpuSnapshot {
  mainThreadMs: number | null;
  processMs: number;
  backends: Map<number, number>;
}

/** Synchronous, so a caller can take it at the exact start of a run; `backends` from `databaseBackends`. */
export function cpuSnapshot(backends: readonly number[]): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    mainThreadMs: threadCpuMs(),
    processMs: (usage.user + usage.system) / 1000,
    backends: backendCpu(backends),
  };
}

export interface CpuSpent {
  /** The service's event loop: HTTP, GraphQL, resolvers, projections, notifications. */
  mainThreadMs: number | null;
  /** The process's other threads, less the clients' worker (libuv pool, GC helpers, the compiler). */
  otherThreadsMs: number | null;
  clientsMs: number | null;
  /** Backends present at both ends; a backend that connected in between counts from 0. */
  databaseMs: number | null;
}

export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot, clientsMs: number | null): CpuSpent {
  const main =
    before.mainThreadMs !== null && after.mainThreadMs !== null ? after.mainThreadMs - before.mainThreadMs : null;
  const rest = main === null || clientsMs === null ? null : after.processMs - before.processMs - main - clientsMs;
  let database: number | null = null;
  if (after.backends.size > 0) {
    database = 0;
    for (const [pid, ms] of after.backends) database += ms - (before.backends.get(pid) ?? 0);
  }
  return { mainThreadMs: main, otherThreadsMs: rest, clientsMs, databaseMs: database };
}

/** "service loop 4.10, other threads 0.40, clients 0.90, PostgreSQL 1.20 ms CPU per write" (n/a where unknown). */
export function describeCpu(spent: CpuSpent, writes: number): string {
  const per = (ms: number | null) => (ms === null ? "n/a" : (ms / Math.max(1, writes)).toFixed(2));
  return `CPU per write: service loop ${per(spent.mainThreadMs)}, service other threads ${per(spent.otherThreadsMs)}, clients ${per(spent.clientsMs)}, PostgreSQL backends ${per(spent.databaseMs)} ms (10 ms ticks, /proc)`;
}

/** All four parts per write, summed; null when any part is unknown (off Linux, the embedded database). */
export function totalCpuPerWrite(spent: CpuSpent, writes: number): number | null {
  const parts = [spent.mainThreadMs, spent.otherThreadsMs, spent.clientsMs, spent.databaseMs];
  if (parts.some((part) => part === null)) return null;
  return parts.reduce<number>((sum, part) => sum + part!, 0) / Math.max(1, writes);
}

/**
 * What a write may cost for the bench to reach `share` of pgbench's rate when every core is busy: the
 * machine's CPU per second divided by the rate asked for. A run that spends more per write cannot reach
 * it however its work is scheduled; one that spends less is held back by waiting, not by work.
 */
export function cpuBudgetLine(spent: CpuSpent, writes: number, cores: number, tps: number, share: number): string {
  const budget = (cores * 1000) / (share * tps);
  const total = totalCpuPerWrite(spent, writes);
  const spentText = total === null ? "n/a" : `${total.toFixed(2)} ms (${(total / budget).toFixed(2)}x the budget)`;
  return `CPU a write may cost at ${(share * 100).toFixed(0)}% of pgbench with ${cores} cores busy: ${budget.toFixed(2)} ms; this run spent ${spentText}`;
}
