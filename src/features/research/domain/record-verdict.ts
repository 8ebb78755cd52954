// The trust verdict of a record being written: the classifier over every text a packet can quote,
// with the count of near-duplicates already on the target.
import { classifyRecordText, textShape, type TrustVerdict } from "./classify-record-text.js";

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

/** Every text of the record a packet can quote, and their near-duplicate key (pure). */
export function recordTextShape(record: RecordTexts): { texts: string[]; shape: string } {
  const texts = [record.title, record.body, ...stringValues(record.artifact), ...stringValues(record.formal)];
  return { texts, shape: textShape(texts) };
}

/**
 * The verdict given the count of records on the target that already have this text shape. A write
 * reads that count before its transaction (recordResearch), so concurrent copies can each see the
 * count just under the threshold: a flood is caught from the next copy on, never missed for good.
 */
export function verdictFor(record: { texts: string[]; shape: string }, nearDuplicates: number): WriteVerdict {
  return { ...classifyRecordText(record.texts, nearDuplicates), textShape: record.shape };
}

/** The quarantine note the classifier leaves on a flagged record. */
export function classifierReason(flags: readonly string[]): string {
  return `trust classifier: ${flags.join(", ")}`;
}
