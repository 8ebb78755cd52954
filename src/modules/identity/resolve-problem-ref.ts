// Exact identity: resolves a problem ref through every identifier form, strongest kind first.
// Never free text: a ref that matches nothing is NOT_FOUND, and several problems give AMBIGUOUS.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { InvalidInputError } from "../../errors/domain-error.js";
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

export async function resolveProblemRefs(prisma: PrismaClient, refs: readonly string[]): Promise<ProblemRefResolution[]> {
  const probesByRef = refs.map((ref) => probeKeys(ref));
  const allProbes = probesByRef.flat();
  const rows = allProbes.length
    ? await prisma.problemIdentifier.findMany({
        where: { OR: allProbes.map((probe) => ({ kind: probe.kind, value: probe.key })) },
        select: { kind: true, value: true, problemId: true },
      })
    : [];
  return refs.map((ref, index) => {
    const matched = pickByPrecedence(probesByRef[index]!, rows);
    if (matched) {
      const ids = matched.rows.map((row) => row.problemId).sort();
      if (ids.length === 1) return { ref, status: "RESOLVED", matchedBy: matched.kind, problemId: ids[0]!, candidateIds: ids };
      return { ref, status: "AMBIGUOUS", matchedBy: matched.kind, problemId: null, candidateIds: ids };
    }
    return { ref, status: "NOT_FOUND", matchedBy: null, problemId: null, candidateIds: [] };
  });
}

export async function resolveProblemRef(prisma: PrismaClient, ref: string): Promise<ProblemRefResolution> {
  return (await resolveProblemRefs(prisma, [validateRef(ref)]))[0]!;
}
