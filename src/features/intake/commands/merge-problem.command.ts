// mergeProblem (CURATOR): one problem turns out to be another. The merged row stays (state MERGED,
// merged_into_id set) so its identifiers resolve to the survivor; its projects and research records move
// to the survivor, and the derived views that route by target follow in the same transaction.
import type { Problem } from "../../../generated/prisma/client.js";
import type { PublicationState } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION, type TransactionClient } from "../../../platform/db/transaction.js";
import { appendEvents } from "../../../events/change-events.js";
import { maintainProblemDocuments } from "../../discovery/projection/problem-documents.js";
import { refreshHeads } from "../../memory/projection/memory-checkpoints.js";
import { prismaRunner } from "../../../platform/db/sql.js";
import { PROBLEM_SPARSE_VIEW } from "../../discovery/domain/sparse-document.js";
import { MEMORY_VIEW } from "../../memory/domain/memory.constants.js";
import { resolveExactProblem } from "../../research/commands/create-project.command.js";
import { curationReason, type CurationProps } from "./curate-problem.commands.js";
import { MergeIntoSelfError, ProblemStateError } from "../domain/intake.errors.js";

/** A survivor must be live: merging into a withdrawn or rejected problem would bury the merged one's work. */
const SURVIVOR_STATES: PublicationState[] = ["PUBLISHED", "CHALLENGE_PERIOD", "PENDING_REVIEW", "CATALOGUED"];
const MERGEABLE_STATES: PublicationState[] = [
  "PUBLISHED",
  "CHALLENGE_PERIOD",
  "PENDING_REVIEW",
  "CATALOGUED",
  "WITHDRAWN",
  "REJECTED",
];

/** Re-routes the derived rows of `fromId` to `intoId` and recomputes the memory heads of every moved project. */
async function rerouteDerivedViews(
  tx: TransactionClient,
  fromId: string,
  intoId: string,
  projectIds: string[],
): Promise<void> {
  await tx.$executeRaw`UPDATE sparse_documents SET routing_target_id = ${intoId}::uuid WHERE routing_target_id = ${fromId}::uuid AND view <> ${PROBLEM_SPARSE_VIEW}`;
  await tx.$executeRaw`UPDATE memory_branches SET routing_target_id = ${intoId}::uuid WHERE routing_target_id = ${fromId}::uuid`;
  await tx.$executeRaw`UPDATE checkpoints SET routing_target_id = ${intoId}::uuid WHERE routing_target_id = ${fromId}::uuid`;
  await tx.checkpointHead.deleteMany({ where: { scope: "TARGET", scopeId: fromId } });
  if (projectIds.length === 0) return;
  const states = await tx.projectionState.findMany({
    where: { view: MEMORY_VIEW, status: { in: ["SERVING", "BUILDING"] } },
  });
  for (const state of states) await refreshHeads(prismaRunner(tx), state.version, projectIds, state.highWaterMark);
}

export async function mergeProblem(
  props: CurationProps & { input: { into: string } },
): Promise<{ problem: Problem; merged: Problem }> {
  const reason = curationReason(props.input.reason);
  const merged = await resolveExactProblem(props.prisma, props.input.problemRef);
  const survivor = await resolveExactProblem(props.prisma, props.input.into);
  if (merged.id === survivor.id) throw new MergeIntoSelfError(merged.stableId);
  if (!MERGEABLE_STATES.includes(merged.publicationState))
    throw new ProblemStateError(merged.stableId, merged.publicationState, MERGEABLE_STATES, "mergeProblem");
  if (!SURVIVOR_STATES.includes(survivor.publicationState))
    throw new ProblemStateError(survivor.stableId, survivor.publicationState, SURVIVOR_STATES, "mergeProblem(into:)");
  const sequence = await props.prisma.$transaction(async (tx) => {
    const updated = await tx.problem.updateMany({
      where: { id: merged.id, publicationState: merged.publicationState, mergedIntoId: null },
      data: { publicationState: "MERGED", mergedIntoId: survivor.id, mergedAt: new Date(), challengeDeadline: null },
    });
    if (updated.count === 0) return null;
    // Earlier merges into the merged problem now point at the survivor: resolution follows one hop.
    await tx.problem.updateMany({ where: { mergedIntoId: merged.id }, data: { mergedIntoId: survivor.id } });
    const projects = await tx.project.findMany({ where: { problemId: merged.id }, select: { id: true } });
    await tx.project.updateMany({
      where: { problemId: merged.id },
      data: { problemId: survivor.id, routingTargetId: survivor.id },
    });
    const records = await tx.researchObject.updateMany({
      where: { problemId: merged.id },
      data: { problemId: survivor.id, routingTargetId: survivor.id },
    });
    await tx.researchTarget.updateMany({
      where: { targetKind: "PROBLEM", targetId: merged.id },
      data: { targetId: survivor.id },
    });
    await rerouteDerivedViews(
      tx,
      merged.id,
      survivor.id,
      projects.map((project) => project.id),
    );
    await maintainProblemDocuments(tx, [merged.id]);
    const payload = {
      mergedStableId: merged.stableId,
      survivorStableId: survivor.stableId,
      previousState: merged.publicationState,
      reason,
      projects: projects.length,
      records: records.count,
    };
    // One event on each target: the merged problem's followers learn where it went, the survivor's that work arrived.
    return appendEvents(
      tx,
      [
        {
          routingTargetId: merged.id,
          resourceType: "problem",
          resourceId: merged.id,
          eventType: "problem.merged",
          operatorId: props.operator.id,
          payload,
        },
        {
          routingTargetId: survivor.id,
          resourceType: "problem",
          resourceId: survivor.id,
          eventType: "problem.merge_received",
          operatorId: props.operator.id,
          payload,
        },
      ],
      props.inlineViews,
    );
  }, WRITE_TRANSACTION);
  if (sequence === null) {
    const stored = await props.prisma.problem.findUniqueOrThrow({ where: { id: merged.id } });
    throw new ProblemStateError(merged.stableId, stored.publicationState, MERGEABLE_STATES, "mergeProblem");
  }
  await props.notifier.publish(sequence);
  return {
    problem: await props.prisma.problem.findUniqueOrThrow({ where: { id: survivor.id } }),
    merged: await props.prisma.problem.findUniqueOrThrow({ where: { id: merged.id } }),
  };
}
