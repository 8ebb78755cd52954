// The trust verdict of a record being written: the classifier over every text a packet can quote,
// with the count of near-duplicates already on the target, read in the write's transaction.
import type { TransactionClient } from "../../../db/transaction.js";
import { classifyRecordText, FLOOD_NEAR_DUPLICATES, textShape, type TrustVerdict } from "./classify-record-text.js";

export interface RecordTexts {
  title: string;
  body: string;
  artifact: object | null;
  formal: object | null;
}

function stringValues(value: object | null): string[] {
  return value ? Object.values(value).filter((item): item is string => typeof item === "string") : [];
}

export interface WriteVerdict extends TrustVerdict {
  textShape: string;
}

export async function writeVerdict(tx: TransactionClient, routingTargetId: string, record: RecordTexts): Promise<WriteVerdict> {
  const texts = [record.title, record.body, ...stringValues(record.artifact), ...stringValues(record.formal)];
  const shape = textShape(texts);
  // Counting stops at the threshold: a flood is a flood whatever its size.
  const nearDuplicates = await tx.researchObject.count({ where: { routingTargetId, textShape: shape }, take: FLOOD_NEAR_DUPLICATES });
  return { ...classifyRecordText(texts, nearDuplicates), textShape: shape };
}

/** The quarantine note the classifier leaves on a flagged record. */
export function classifierReason(flags: readonly string[]): string {
  return `trust classifier: ${flags.join(", ")}`;
}
