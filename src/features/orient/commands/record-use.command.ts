// recordUse: links the records an agent actually used to the impression that showed them (causal-use
// telemetry for calibration). The impression must exist and every used record must be on its target.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { ImpressionWriter } from "../../telemetry/domain/impressions.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { findResearchObjects, researchObjectNotFound } from "../../research/domain/research-refs.js";

/** One use event names the records of one packet; a packet holds at most a few dozen. */
export const MAX_USED_RECORDS = 100;
/** Outcomes are short labels ("solved", "dead end"), not reports. */
export const MAX_OUTCOME_CHARS = 200;

import { UUID } from "../../../graphql/global-ids.js";

export interface RecordUseInput {
  impressionId: string;
  usedRecords: string[];
  outcome?: string | null;
}

/** `impressions` is the writer orient used in this process: flushed first, so an id it returned is always found. */
export async function recordUse(
  prisma: PrismaClient,
  impressions: ImpressionWriter,
  operatorId: string,
  input: RecordUseInput,
) {
  if (!UUID.test(input.impressionId))
    throw new InvalidInputError("impressionId is the id returned by orient or checkPlan", "impressionId", "INVALID_ID");
  if (input.usedRecords.length > MAX_USED_RECORDS)
    throw new InvalidInputError(`at most ${MAX_USED_RECORDS} used records per call`, "usedRecords", "INPUT_TOO_LARGE");
  const outcome = input.outcome?.trim() || null;
  if (outcome && outcome.length > MAX_OUTCOME_CHARS)
    throw new InvalidInputError(`outcome is at most ${MAX_OUTCOME_CHARS} characters`, "outcome", "INPUT_TOO_LARGE");
  await impressions.flush();
  const impression = await prisma.searchImpression.findUnique({ where: { id: input.impressionId.toLowerCase() } });
  if (!impression)
    throw new NotFoundError(`No impression ${input.impressionId}`, input.impressionId, "IMPRESSION_NOT_FOUND");
  const ids: string[] = [];
  // One read for all the refs; each is then checked in the order given.
  const objects = await findResearchObjects(prisma, input.usedRecords);
  for (const [index, ref] of input.usedRecords.entries()) {
    const object = objects[index];
    if (!object) throw researchObjectNotFound(ref);
    if (impression.resolvedTargetId && object.routingTargetId !== impression.resolvedTargetId) {
      throw new InvalidInputError(
        `R${object.accession} belongs to another problem than the impression`,
        "usedRecords",
        "RECORD_NOT_IN_TARGET",
      );
    }
    if (!ids.includes(object.id)) ids.push(object.id);
  }
  const event = await prisma.causalUseEvent.create({
    data: { impressionId: impression.id, operatorId, usedRecordIds: ids, outcome },
  });
  return { event, impression, shownIds: new Set(impression.returnedOrder) };
}
