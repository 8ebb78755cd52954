// The in-memory identity index answers exactly what the database lookup answers (the same rule over
// every probe at once), and replacing a problem's entries leaves no trace of its old identifiers.
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/generated/prisma/client.js";
import { IdentityIndex, type IdentifierEntry } from "../../../src/features/identity/domain/identity-index.js";
import { identifierKey, probeKeys, type IdentityKind } from "../../../src/features/identity/domain/identifier-keys.js";
import { resolveFromMatches } from "../../../src/features/identity/domain/resolve-problem-ref.js";

function row(id: string, stableId: string, mergedIntoId: string | null = null): Problem {
  return { id, stableId, title: `Problem ${stableId}`, mergedIntoId } as Problem;
}

function entry(kind: IdentityKind, display: string, problemId: string): IdentifierEntry {
  return { kind, value: identifierKey(kind, display)!, problemId };
}

const problems = [row("a", "cp:test:1"), row("b", "cp:test:2"), row("c", "cp:test:3", "b"), row("d", "cp:test:4")];
const identifiers = [
  entry("STABLE_ID", "cp:test:1", "a"),
  entry("STABLE_ID", "cp:test:2", "b"),
  entry("STABLE_ID", "cp:test:3", "c"),
  entry("STABLE_ID", "cp:test:4", "d"),
  entry("NUMBER", "erdos 7", "a"),
  entry("URL", "https://example.org/problems/7", "a"),
  entry("ALIAS", "Shared name", "a"),
  entry("ALIAS", "Shared name", "d"),
  entry("ALIAS", "Merged name", "b"),
  entry("ALIAS", "Merged name", "c"),
  entry("ALIAS", "Old name", "c"),
  entry("SLUG", "cp:test:2", "d"), // a weaker kind with the same text as b's stable id
];

/** The database's answer: every probe key at once, every matching row, one rule. */
function eager(ref: string, rows: readonly IdentifierEntry[], rowsById: Map<string, Problem>) {
  const probes = probeKeys(ref);
  const matches = rows
    .filter((candidate) => probes.some((probe) => probe.kind === candidate.kind && probe.key === candidate.value))
    .map((candidate) => ({
      ...candidate,
      problem: { mergedIntoId: rowsById.get(candidate.problemId)?.mergedIntoId ?? null },
    }));
  return resolveFromMatches([ref], [probes], matches)[0];
}

describe("IdentityIndex", () => {
  const rowsById = new Map(problems.map((problem) => [problem.id, problem]));

  it.each([
    "cp:test:1",
    "CP:TEST:2",
    "7",
    "Erdős problem #7",
    "www.example.org/problems/7/",
    "shared NAME",
    "merged name",
    "Old name",
    "cp:test:3",
    "nothing at all",
  ])("resolves %j as the database lookup does", (ref) => {
    expect(new IdentityIndex(problems, identifiers).resolve(ref)).toEqual(eager(ref, identifiers, rowsById));
  });

  it("forgets a replaced problem's identifiers and row, and answers its new ones", () => {
    const index = new IdentityIndex(problems, identifiers);
    const renamed = { ...row("a", "cp:test:1"), title: "Renamed" };
    index.replace(["a"], [renamed], [entry("STABLE_ID", "cp:test:1", "a"), entry("ALIAS", "New name", "a")]);
    expect(index.resolve("7").status).toBe("NOT_FOUND");
    expect(index.resolve("shared name")).toMatchObject({ status: "RESOLVED", problemId: "d" });
    expect(index.resolve("new name")).toMatchObject({ status: "RESOLVED", problemId: "a" });
    expect(index.problem("a")?.title).toBe("Renamed");
    index.replace(["d"], [], []);
    expect(index.resolve("shared name").status).toBe("NOT_FOUND");
    expect(index.problem("d")).toBeUndefined();
  });
});
