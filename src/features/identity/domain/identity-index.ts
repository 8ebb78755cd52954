// The catalogue's exact identity in memory: every stored identifier key and every problem row, so a
// ref resolves (and its problem's scalar fields answer) without a database round trip. Plain data:
// IdentityService loads it and replaces the entries of the problems each change event names.
import type { Problem } from "../../../generated/prisma/client.js";
import { IDENTITY_PRECEDENCE, identifierKey, type IdentityKind } from "./identifier-keys.js";
import { type IdentifierMatch, type ProblemRefResolution, resolveFromMatches } from "./resolve-problem-ref.js";

/** A stored identifier: the normalised key of one kind, and the problem it names. */
export interface IdentifierEntry {
  kind: IdentityKind;
  value: string;
  problemId: string;
}

const keyOf = (kind: string, value: string) => `${kind}\u0000${value}`;

export class IdentityIndex {
  private readonly byKey = new Map<string, IdentifierEntry[]>();
  private readonly keysByProblem = new Map<string, string[]>();
  private readonly rows = new Map<string, Readonly<Problem>>();

  constructor(problems: readonly Problem[], identifiers: readonly IdentifierEntry[]) {
    this.replace(
      problems.map((problem) => problem.id),
      problems,
      identifiers,
    );
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * Drops every entry of `problemIds` and adds the rows and identifiers given for them (a problem
   * absent from `problems` is gone from the catalogue).
   */
  replace(problemIds: readonly string[], problems: readonly Problem[], identifiers: readonly IdentifierEntry[]): void {
    for (const id of problemIds) {
      this.rows.delete(id);
      for (const key of this.keysByProblem.get(id) ?? []) {
        const left = this.byKey.get(key)!.filter((entry) => entry.problemId !== id);
        if (left.length > 0) this.byKey.set(key, left);
        else this.byKey.delete(key);
      }
      this.keysByProblem.delete(id);
    }
    // Frozen: the same row answers every request until a change replaces it.
    for (const problem of problems) this.rows.set(problem.id, Object.freeze(problem));
    for (const entry of identifiers) {
      const key = keyOf(entry.kind, entry.value);
      const entries = this.byKey.get(key);
      if (entries) entries.push(entry);
      else this.byKey.set(key, [entry]);
      const keys = this.keysByProblem.get(entry.problemId);
      if (keys) keys.push(key);
      else this.keysByProblem.set(entry.problemId, [key]);
    }
  }

  /**
   * The resolution of a validated ref, as resolveProblemRefs gives it: the strongest kind that matches
   * decides, so the kinds are probed in precedence order and the weaker ones' keys (a URL parse, say)
   * are never computed once one matches.
   */
  resolve(ref: string): ProblemRefResolution {
    for (const kind of IDENTITY_PRECEDENCE) {
      const key = identifierKey(kind, ref);
      if (key === null) continue;
      const probes = [{ kind, key }];
      const rows = this.lookup(probes);
      if (rows.length > 0) return resolveFromMatches([ref], [probes], rows)[0]!;
    }
    return resolveFromMatches([ref], [[]], [])[0]!;
  }

  /** The identifier rows matching any probe, shaped as the database lookup returns them. */
  lookup(probes: readonly { kind: IdentityKind; key: string }[]): IdentifierMatch[] {
    return probes.flatMap((probe) =>
      (this.byKey.get(keyOf(probe.kind, probe.key)) ?? []).map((entry) => ({
        ...entry,
        problem: { mergedIntoId: this.rows.get(entry.problemId)?.mergedIntoId ?? null },
      })),
    );
  }

  /** The problem row as `prisma.problem.findUnique` returns it (every scalar, no relation). */
  problem(id: string): Readonly<Problem> | undefined {
    return this.rows.get(id);
  }
}
