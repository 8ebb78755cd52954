// The derived manifest of a research object: identity, bindings, graph neighbourhood, supersession
// and a bounded replay summary, computed from the record on read (never stored, never stale).
import type { Prisma } from "../../../generated/prisma/client.js";

export const MANIFEST_INCLUDE = {
  problem: { select: { stableId: true } },
  project: { select: { id: true, slug: true } },
  targets: true,
  relationsOut: { include: { to: { select: { accession: true, state: true } } } },
  relationsIn: { include: { from: { select: { accession: true, state: true } } } },
  supersededBy: { include: { superseding: { select: { accession: true } } } },
  supersedes: { include: { superseded: { select: { accession: true } } } },
} satisfies Prisma.ResearchObjectInclude;

type ManifestSource = Prisma.ResearchObjectGetPayload<{ include: typeof MANIFEST_INCLUDE }>;

/** Replay commands are summarised to this length in manifests and packets. */
export const REPLAY_SUMMARY_CHARS = 240;

export function replaySummary(artifact: unknown): Record<string, string> | null {
  if (!artifact || typeof artifact !== "object") return null;
  const entries = Object.entries(artifact as Record<string, unknown>)
    .filter(([, value]) => typeof value === "string" && value !== "")
    .map(([key, value]) => [
      key,
      (value as string).length > REPLAY_SUMMARY_CHARS
        ? `${(value as string).slice(0, REPLAY_SUMMARY_CHARS)}…`
        : (value as string),
    ]);
  return entries.length ? Object.fromEntries(entries) : null;
}

export function buildManifest(object: ManifestSource) {
  return {
    id: object.id,
    accession: `R${object.accession}`,
    slug: object.slug,
    contentHash: object.contentHash,
    kind: object.kind,
    title: object.title,
    evidenceGrade: object.evidenceGrade,
    state: object.state,
    routingTargetId: object.routingTargetId,
    problem: object.problem.stableId,
    project: object.project.slug,
    branch: object.branchName,
    targets: object.targets.map((target) => ({ kind: target.targetKind, id: target.targetId })),
    relations: object.relationsOut.map((relation) => ({
      type: relation.type,
      to: `R${relation.to.accession}`,
      toState: relation.to.state,
    })),
    incomingRelations: object.relationsIn.map((relation) => ({
      type: relation.type,
      from: `R${relation.from.accession}`,
      fromState: relation.from.state,
    })),
    supersededBy: object.supersededBy ? `R${object.supersededBy.superseding.accession}` : null,
    supersedes: object.supersedes.map((edge) => `R${edge.superseded.accession}`),
    replay: replaySummary(object.artifact),
    formal: object.formal ?? null,
    bodyChars: object.body.length,
    createdAt: object.createdAt.toISOString(),
  };
}
