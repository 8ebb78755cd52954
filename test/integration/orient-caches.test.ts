// Orient keeps per-process caches of reads that cannot change under their key (checkpoints at a head
// mark, record attributes, token counts, packet texts). These tests change the record between two
// requests to one running service and check that the second packet follows the record, not the cache.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";
import { createAgentProject } from "../factories/projects.js";
import { recordObject, relateObjects, supersedeObject } from "../factories/research.js";
import { isTypedError } from "../helpers/mutations.js";
import { orient } from "../helpers/orient.js";
import { absorbRecordRows, readRecordRows } from "../../src/features/orient/read/load-records.js";
import { createOrientCaches, targetGraph } from "../../src/features/orient/read/orient-caches.js";
import { sqlOf } from "../../src/features/orient/read/sql.js";
import { targetWarmup, warmTarget } from "../../src/features/orient/read/warm-target.js";
import { RESEARCH_SPARSE_VIEW } from "../../src/features/research/projection/research-documents.js";

const FRESHNESS = `{ freshness { views { view status } } }`;

describe.each(testDatabaseTargets())("orient after the record changes ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let projectId: string;

  async function waitForMemory(): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const data = await gqlData<{ freshness: { views: { view: string; status: string }[] } }>(
        running.service.url,
        FRESHNESS,
      );
      if (data.freshness.views.find((view) => view.view === "memory-branches")?.status === "FRESH") return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("memory-branches did not become fresh");
  }

  beforeAll(async () => {
    let project: { id: string };
    ({ token, project } = await createAgentProject(running.service, { problemRef: "cp:erdos:1" }));
    projectId = project.id;
  });

  it("drops a record superseded after it was served, and shows it as superseded to audit views", async () => {
    const text = "heptagonal sieve lacunary gadget bound";
    const old = await recordObject(running.service.url, token, projectId, {
      title: "Lacunary gadget bound for the heptagonal sieve",
      body: "The heptagonal sieve admits a lacunary gadget bound of order n^{1/3}.",
    });
    const first = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: text, projectId });
    expect(first.packet.items.map((item) => item.accession)).toContain(old.accession);

    const successor = await recordObject(running.service.url, token, projectId, {
      title: "Corrected heptagonal sieve gadget",
      body: "The lacunary gadget bound for the heptagonal sieve holds only for odd n.",
    });
    const superseded = await supersedeObject(running.service.url, token, {
      target: old.accession,
      supersededBy: successor.accession,
    });
    expect(isTypedError(superseded)).toBe(false);

    const second = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: text, projectId });
    const accessions = second.packet.items.map((item) => item.accession);
    expect(accessions).toContain(successor.accession);
    expect(accessions).not.toContain(old.accession);
    const audit = await orient(running.service.url, {
      problemRef: "cp:erdos:1",
      problem: text,
      projectId,
      intent: "SOURCE_AUDIT",
    });
    expect(audit.packet.items.find((item) => item.accession === old.accession)?.state).toBe("SUPERSEDED");
  });

  it("descends into a branch recorded after an earlier request once the memory view has it", async () => {
    const text = "zigzag tableau route for the sum-distinct bound";
    await waitForMemory();
    const before = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: text, projectId });
    expect(before.packet.selectedBranches.map((branch) => branch.name)).not.toContain("approach/zigzag-tableau");

    for (const step of ["first", "second", "third"]) {
      await recordObject(running.service.url, token, projectId, {
        kind: "ATTEMPT",
        branch: "approach/zigzag-tableau",
        title: `Zigzag tableau route, ${step} step`,
        body: `A zigzag tableau argument, ${step} step, towards the sum-distinct bound.`,
      });
    }
    await waitForMemory();
    const after = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: text, projectId });
    expect(after.packet.selectedBranches.map((branch) => branch.name)).toContain("approach/zigzag-tableau");
    expect(after.packet.items.filter((item) => item.text.includes("Zigzag tableau route")).length).toBeGreaterThan(0);
  });

  it("shows a relation written after an earlier request between two packet records", async () => {
    const text = "octahedral lattice covering density estimate";
    const claim = await recordObject(running.service.url, token, projectId, {
      title: "Octahedral lattice covering density",
      body: "An octahedral lattice covering density estimate of order 3/2.",
    });
    const check = await recordObject(running.service.url, token, projectId, {
      kind: "ATTEMPT",
      title: "Octahedral covering check",
      body: "A computed check of the octahedral lattice covering density estimate up to n = 40.",
    });
    const before = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: text, projectId });
    expect(before.packet.items.find((item) => item.accession === check.accession)?.relations ?? []).toEqual([]);

    const related = await relateObjects(running.service.url, token, {
      from: check.accession,
      to: claim.accession,
      type: "SUPPORTS",
    });
    expect(isTypedError(related)).toBe(false);
    const after = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: text, projectId });
    const item = after.packet.items.find((entry) => entry.accession === check.accession);
    expect(item?.relations).toContainEqual({ type: "SUPPORTS", to: claim.accession });
  });

  it("keeps a member superseded after an earlier request out of the relevance fallback", async () => {
    const broad = "give me an overview of where things stand";
    await waitForMemory();
    const newest = await recordObject(running.service.url, token, projectId, {
      kind: "NEGATIVE_TRACE",
      title: "Quartic residue route stalls",
      body: "The quartic residue route stalls at the second reduction.",
    });
    await waitForMemory();
    const first = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: broad, projectId });
    expect(first.packet.relevanceFallback).toBe(true);
    expect(first.packet.items.map((item) => item.accession)).toContain(newest.accession);

    const successor = await recordObject(running.service.url, token, projectId, {
      kind: "NEGATIVE_TRACE",
      title: "Quartic residue route stalls, corrected",
      body: "The quartic residue route stalls at the third reduction, not the second.",
    });
    expect(
      isTypedError(
        await supersedeObject(running.service.url, token, {
          target: newest.accession,
          supersededBy: successor.accession,
        }),
      ),
    ).toBe(false);
    await waitForMemory();
    const second = await orient(running.service.url, { problemRef: "cp:erdos:1", problem: broad, projectId });
    expect(second.packet.items.map((item) => item.accession)).not.toContain(newest.accession);
    expect(second.packet.items.map((item) => item.accession)).toContain(successor.accession);
  });

  it("does not remember, under a new generation, a record state read before the write that made it", async () => {
    // The speculative member rows are read alongside the identity read, so they may predate a
    // supersession that the generation the identity read returns already counts.
    const pool = running.service.services.db.pool;
    const old = await recordObject(running.service.url, token, projectId, {
      title: "Racing sieve record",
      body: "A record read just before it is superseded.",
    });
    const successor = await recordObject(running.service.url, token, projectId, {
      title: "Racing sieve record, corrected",
      body: "Its successor.",
    });
    const {
      rows: [row],
    } = await pool.query<{ id: string; target: string }>(
      "SELECT id::text, routing_target_id::text AS target FROM research_objects WHERE accession = $1",
      [Number(old.accession.replace(/^R/, ""))],
    );
    const sql = sqlOf(pool);
    const readBefore = await readRecordRows(sql, null, row!.target, [row!.id]);
    expect(
      isTypedError(
        await supersedeObject(running.service.url, token, { target: old.accession, supersededBy: successor.accession }),
      ),
    ).toBe(false);
    const {
      rows: [after],
    } = await pool.query<{ generation: string }>(
      "SELECT max(sequence)::text AS generation FROM change_events WHERE routing_target_id = $1",
      [row!.target],
    );

    const caches = running.service.services.orient.caches;
    const graph = targetGraph(caches.graphs, row!.target, after!.generation);
    const records = absorbRecordRows(readBefore, null, new Map(), new Map(), caches, graph);
    expect(records.get(row!.id)?.state).toBe("CURRENT"); // what that read saw, for its own request
    expect(graph.states.has(row!.id)).toBe(false); // but not the new generation's state
    expect(caches.records.get(row!.id)?.title).toBe("Racing sieve record"); // attributes never change
    const readAfter = await readRecordRows(sql, null, row!.target, [row!.id]);
    absorbRecordRows(readAfter, null, new Map(), new Map(), caches, graph);
    expect(graph.states.get(row!.id)).toBe("SUPERSEDED");
  });

  it("warms a target's newest records, with counts, states, relations and texts, once its first request starts it", async () => {
    const pool = running.service.services.db.pool;
    const older = await recordObject(running.service.url, token, projectId, {
      title: "Warm-up base claim",
      body: "A claim the warm-up should read.",
    });
    const newer = await recordObject(running.service.url, token, projectId, {
      kind: "ATTEMPT",
      title: "Warm-up check",
      body: "A check that supports the base claim.",
    });
    expect(
      isTypedError(
        await relateObjects(running.service.url, token, {
          from: newer.accession,
          to: older.accession,
          type: "SUPPORTS",
        }),
      ),
    ).toBe(false);
    const idOf = async (accession: string) =>
      (
        await pool.query<{ id: string; target: string }>(
          "SELECT id::text, routing_target_id::text AS target FROM research_objects WHERE accession = $1",
          [Number(accession.replace(/^R/, ""))],
        )
      ).rows[0]!;
    const [base, check] = [await idOf(older.accession), await idOf(newer.accession)];
    let version: number | undefined;
    for (let attempt = 0; attempt < 100 && version === undefined; attempt += 1) {
      version = (
        await pool.query<{ version: number }>(
          "SELECT version FROM sparse_documents WHERE view = $1 AND document_id = $2",
          [RESEARCH_SPARSE_VIEW, check.id],
        )
      ).rows[0]?.version;
      if (version === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(version).toBeDefined();

    const caches = createOrientCaches(); // a new process's caches
    expect(await warmTarget(sqlOf(pool), caches, check.target, version!, { records: 2, texts: 1 })).toBe(2);
    expect(caches.records.get(check.id)?.title).toBe("Warm-up check");
    expect(caches.records.get(base.id)?.title).toBe("Warm-up base claim");
    expect(caches.documents.get(version!, base.id)?.length).toBeGreaterThan(0);
    const graph = caches.graphs.get(check.target)!;
    expect(graph.states.get(check.id)).toBe("CURRENT");
    expect(graph.outgoing.get(check.id)).toContainEqual({ fromId: check.id, toId: base.id, type: "SUPPORTS" });
    expect(graph.incoming.get(base.id)).toContainEqual({ fromId: check.id, toId: base.id, type: "SUPPORTS" });
    expect(caches.texts.get(check.id)?.bodyPrefix).toContain("supports the base claim");
    expect(caches.texts.get(base.id)).toBeUndefined(); // texts for the newest one only

    // The service started one for this target with its first request. How many records it warmed depends on
    // a race it is meant to lose: the request reads what it needs itself, so the warm-up may find them cached.
    await orient(running.service.url, { problemRef: "cp:erdos:1", problem: "warm-up check", projectId });
    const serviceCaches = running.service.services.orient.caches;
    const warming = targetWarmup(serviceCaches, check.target, version!);
    expect(warming).toBeDefined();
    expect(await warming).toBeGreaterThanOrEqual(0);
    expect(serviceCaches.records.get(check.id)?.title).toBe("Warm-up check");
    expect(serviceCaches.records.get(base.id)?.title).toBe("Warm-up base claim");
  });
});
