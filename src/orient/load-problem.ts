// DB read: the canonical problem behind an exact ref, with its open advisories, statement accession and
// the pinned worlds of its Lean declarations. Free text is refused with a pointer to discoverProblems.
import type { PrismaClient } from "../generated/prisma/client.js";
import { InvalidInputError, NotFoundError } from "../errors/domain-error.js";
import { resolveProblemRef } from "../modules/identity/resolve-problem-ref.js";
import { AmbiguousRefError } from "../modules/research/research.errors.js";
import { projectUuid } from "../modules/research/research-refs.js";
import type { EnvelopeProblem } from "./envelope.js";

export interface LoadedProblem extends EnvelopeProblem {
  matchedBy: string;
  pinnedWorlds: string[];
}

/** Three or more words with no identifier shape: a description, not a ref. */
function looksLikeFreeText(ref: string): boolean {
  return ref.trim().split(/\s+/).length >= 3 && !/^(?:erd(?:ő|o)s|#)/i.test(ref.trim());
}

export async function loadProblem(prisma: PrismaClient, ref: string): Promise<LoadedProblem> {
  const resolution = await resolveProblemRef(prisma, ref);
  if (resolution.status === "AMBIGUOUS") {
    const candidates = await prisma.problem.findMany({ where: { id: { in: resolution.candidateIds } }, select: { stableId: true } });
    throw new AmbiguousRefError(ref, candidates.map((candidate) => candidate.stableId).sort());
  }
  if (!resolution.problemId) {
    const hint = looksLikeFreeText(ref) ? "problemRef takes an exact identifier, not a description: find the problem with discoverProblems(text) first" : `No problem has the identifier "${ref}"; for free text use discoverProblems`;
    throw new NotFoundError(hint, ref, looksLikeFreeText(ref) ? "FREE_TEXT_REF" : "NOT_FOUND");
  }
  const problem = await prisma.problem.findUniqueOrThrow({
    where: { id: resolution.problemId },
    include: {
      advisories: { where: { resolvedAt: null }, orderBy: { raisedAt: "asc" }, select: { id: true, kind: true, message: true, blocking: true, raisedAt: true } },
      statementFamily: { select: { accession: true } },
      formalDeclarations: { select: { pinnedWorld: true }, distinct: ["pinnedWorld"], take: 8 },
    },
  });
  return {
    ...problem,
    matchedBy: resolution.matchedBy ?? "STABLE_ID",
    statementFamilyAccession: problem.statementFamily?.accession ?? null,
    pinnedWorlds: problem.formalDeclarations.map((declaration) => declaration.pinnedWorld),
  };
}

/** The requested project, which must exist and belong to the resolved problem's target. */
export async function loadProjectScope(prisma: PrismaClient, projectId: string | null | undefined, targetId: string): Promise<string | null> {
  if (projectId === null || projectId === undefined) return null;
  const id = projectUuid(projectId);
  const project = await prisma.project.findUnique({ where: { id }, select: { id: true, routingTargetId: true } });
  if (!project) throw new NotFoundError(`No project ${projectId}`, projectId);
  if (project.routingTargetId !== targetId) {
    throw new InvalidInputError(`Project ${projectId} belongs to another problem; omit projectId or pass one of this problem's projects`, "projectId", "PROJECT_NOT_ON_PROBLEM");
  }
  return project.id;
}
