// The per-database orient caches: a target graph lives for one generation of the target, and a request
// that began before a newer write never puts its older graph back over the newer one.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { createOrientCaches, keepTargetGraph, targetGraph } from "../../../src/features/orient/read/orient-caches.js";
import { createOrientService } from "../../../src/features/orient/queries/orient.service.js";
import type { ImpressionWriter } from "../../../src/features/telemetry/domain/impressions.js";
import type { Sql } from "../../../src/features/orient/read/sql.js";
import { distinctiveTerms } from "../../../src/features/orient/read/term-shares.js";
import { targetWarmup, warmTargetInBackground } from "../../../src/features/orient/read/warm-target.js";

describe("orient target graphs", () => {
  it("serves the cached graph while the generation is unchanged and a new, empty one after a write", () => {
    const caches = createOrientCaches();
    const graph = targetGraph(caches.graphs, "target", "10");
    graph.states.set("r1", "CURRENT");
    keepTargetGraph(caches.graphs, "target", graph);
    expect(targetGraph(caches.graphs, "target", "10")).toBe(graph);
    const next = targetGraph(caches.graphs, "target", "11");
    expect(next).not.toBe(graph);
    expect(next.states.size).toBe(0);
  });

  it("keeps the newer generation when an older request finishes last", () => {
    const caches = createOrientCaches();
    const older = targetGraph(caches.graphs, "target", "10");
    const newer = targetGraph(caches.graphs, "target", "12");
    keepTargetGraph(caches.graphs, "target", newer);
    keepTargetGraph(caches.graphs, "target", older);
    expect(targetGraph(caches.graphs, "target", "12")).toBe(newer);
  });

  it("gives each database its own caches", () => {
    const impressions = {} as ImpressionWriter;
    const service = createOrientService({} as pg.Pool, impressions);
    expect(service.caches).not.toBe(createOrientService({} as pg.Pool, impressions).caches);
    // One service's requests share its caches, and what is derived from a cached row once.
    const fields = { title: { sieve: 1 }, body: { sieve: 2, bound: 1 } };
    expect(service.caches.derived.weightedFrequencies(fields)).toBe(service.caches.derived.weightedFrequencies(fields));
    expect(service.caches.derived.contentTokens(fields)).toBe(service.caches.derived.contentTokens(fields));
  });
});

describe("distinctive probe terms", () => {
  it("drops the target's common terms and words in a large share of all documents", () => {
    const shares = new Map([
      ["sum", 1],
      ["set", 0.9],
      ["lemma", 0.04],
    ]);
    expect(distinctiveTerms(["sum", "set", "lemma", "pruning", "fibonacci"], new Set(["fibonacci"]), shares)).toEqual([
      "lemma",
      "pruning",
    ]);
  });

  it("keeps every term when no statistics exist yet", () => {
    expect(distinctiveTerms(["sum", "set"], new Set(), new Map())).toEqual(["sum", "set"]);
  });
});

describe("background warm-up", () => {
  it("reports a failed warm-up to the caches' listener, once, and resolves to no records", async () => {
    const caches = createOrientCaches();
    const failures: { message: string; targetId: string }[] = [];
    caches.onWarmupFailure = (error, targetId) => failures.push({ message: error.message, targetId });
    const failing = (() => Promise.reject(new Error("connection reset"))) as unknown as Sql;
    warmTargetInBackground(failing, caches, "target-1", 3);
    warmTargetInBackground(failing, caches, "target-1", 3); // already started for this target and version
    expect(await targetWarmup(caches, "target-1", 3)).toBe(0);
    expect(failures).toEqual([{ message: "connection reset", targetId: "target-1" }]);
  });
});
