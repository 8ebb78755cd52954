// The trust verdict of a record being written: the classifier over every text a packet can quote,
// with the count of near-duplicates already on the target.
import {
  classifyTextOnly,
  FLOOD_NEAR_DUPLICATES,
  textShape,
  withNearDuplicates,
  type TrustVerdict,
} from "./classify-record-text.js";

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
 * Both verdicts a write can get, the text classified once: `usual` below the flood threshold, `flooded`
 * at it. The write's statement counts the near-duplicates on the target and takes one; writes in one
 * statement, or in concurrent ones, do not count each other, so copies that arrive together can each
 * find the count just under the threshold: a flood is caught from the next copy on, never missed for good.
 */
export function verdictsFor(record: { texts: string[]; shape: string }): {
  usual: WriteVerdict;
  flooded: WriteVerdict;
} {
  const textFlags = classifyTextOnly(record.texts);
  return {
    usual: { ...withNearDuplicates(textFlags, 0), textShape: record.shape },
    flooded: { ...withNearDuplicates(textFlags, FLOOD_NEAR_DUPLICATES), textShape: record.shape },
  };
}

/** The quarantine note the classifier leaves on a flagged record. */
export function classifierReason(flags: readonly string[]): string {
  return `trust classifier: ${flags.join(", ")}`;
}
