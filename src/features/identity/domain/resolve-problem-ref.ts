// Exact identity: resolves a problem ref through every identifier form, strongest kind first.
// Never free text: a ref that matches nothing is NOT_FOUND, and several problems give AMBIGUOUS.
// A merged problem's identifiers answer its survivor, with `mergedFromId` saying which one was named.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { type IdentityKind, pickByPrecedence, probeKeys } from "./identifier-keys.js";

/** Longest ref accepted: a long URL or Lean name fits; prose does not belong here. */
export const MAX_REF_LENGTH = 2_048;

export type ResolutionStatus = "RESOLVED" | "AMBIGUOUS" | "NOT_FOUND";

export interface ProblemRefResolution {
  ref: string;
  status: ResolutionStatus;
  matchedBy: IdentityKind | null;
  problemId: string | null;
  candidateIds: string[];
  /** The merged problem the ref named, when it resolved to that problem's survivor. */
  mergedFromId: string | null;
}

export function validateRef(ref: string): string {
  const trimmed = ref.trim();
  if (trimmed === "") throw new InvalidInputError("A problem ref must not be empty", "ref", "INVALID_REF");
  if (trimmed.length > MAX_REF_LENGTH) {
    throw new InvalidInputError(
      `A problem ref is at most ${MAX_REF_LENGTH} characters; to search by text use discoverProblems`,
      "ref",
      "INVALID_REF",
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(trimmed)) {
    throw new InvalidInputError("A problem ref must not contain control characters", "ref", "INVALID_REF");
  }
  return trimmed;
}

/** An identifier row that matched a probe key, with the named problem's merge pointer. */
export interface IdentifierMatch {
  kind: string;
  value: string;
  problemId: string;
  problem: { mergedIntoId: string | null };
}

/**
 * The resolution rule over the identifier rows that match the refs' probe keys, wherever they were read
 * (the database in resolveProblemRefs, the in-memory identity index in IdentityService).
 */
export function resolveFromMatches(
  refs: readonly string[],
  probesByRef: readonly ReturnType<typeof probeKeys>[],
  rows: readonly IdentifierMatch[],
): ProblemRefResolution[] {
  // Follow merges before precedence, so a merged problem and its survivor sharing an alias are one problem.
  const followed = rows.map((row) => ({
    kind: row.kind,
    value: row.value,
    problemId: row.problem.mergedIntoId ?? row.problemId,
    namedId: row.problemId,
  }));
  return refs.map((ref, index): ProblemRefResolution => {
    const matched = pickByPrecedence(probesByRef[index]!, followed);
    if (matched) {
      const ids = matched.rows.map((row) => row.problemId).sort();
      if (ids.length === 1) {
        const named = followed.find(
          (row) =>
            row.kind === matched.kind &&
            row.problemId === ids[0] &&
            row.value === matched.rows[0]!.value &&
            row.namedId !== row.problemId,
        );
        return {
          ref,
          status: "RESOLVED",
          matchedBy: matched.kind,
          problemId: ids[0]!,
          candidateIds: ids,
          mergedFromId: named?.namedId ?? null,
        };
      }
      return {
        ref,
        status: "AMBIGUOUS",
        matchedBy: matched.kind,
        problemId: null,
        candidateIds: ids,
        mergedFromId: null,
      };
    }
    return { ref, status: "NOT_FOUND", matchedBy: null, problemId: null, candidateIds: [], mergedFromId: null };
  });
}

export async function resolveProblemRefs(
  prisma: PrismaClient,
  refs: readonly string[],
): Promise<ProblemRefResolution[]> {
  const probesByRef = refs.map((ref) => probeKeys(ref));
  const allProbes = probesByRef.flat();
  const rows = allProbes.length
    ? await prisma.problemIdentifier.findMany({
        where: { OR: allProbes.map((probe) => ({ kind: probe.kind, value: probe.key })) },
        select: { kind: true, value: true, problemId: true, problem: { select: { mergedIntoId: true } } },
      })
    : [];
  return resolveFromMatches(refs, probesByRef, rows);
}

export async function resolveProblemRef(prisma: PrismaClient, ref: string): Promise<ProblemRefResolution> {
  return (await resolveProblemRefs(prisma, [validateRef(ref)]))[0]!;
}
