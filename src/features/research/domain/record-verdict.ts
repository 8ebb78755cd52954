// The trust verdict of a record being written: the classifier over every text a packet can quote,
// with the count of near-duplicates already on the target.
import {
  classifyFolded,
  FLOOD_NEAR_DUPLICATES,
  foldTexts,
  shapeOf,
  withNearDuplicates,
  type FoldedTexts,
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

/** A record's texts folded once, for its near-duplicate key and for the classifier. */
export interface ShapedRecord {
  folded: FoldedTexts;
  shape: string;
}

/** Every text of the record a packet can quote, folded, and their near-duplicate key (pure). */
export function recordTextShape(record: RecordTexts): ShapedRecord {
  const folded = foldTexts([
    record.title,
    record.body,
    ...stringValues(record.artifact),
    ...stringValues(record.formal),
  ]);
  return { folded, shape: shapeOf(folded) };
}

/**
 * Both verdicts a write can get, the text classified once: `usual` below the flood threshold, `flooded`
 * at it. The write's statement counts the near-duplicates on the target and takes one; writes in one
 * statement, or in concurrent ones, do not count each other, so copies that arrive together can each
 * find the count just under the threshold: a flood is caught from the next copy on, never missed for good.
 */
export function verdictsFor(record: ShapedRecord): { usual: WriteVerdict; flooded: WriteVerdict } {
  const textFlags = classifyFolded(record.folded);
  return {
    usual: { ...withNearDuplicates(textFlags, 0), textShape: record.shape },
    flooded: { ...withNearDuplicates(textFlags, FLOOD_NEAR_DUPLICATES), textShape: record.shape },
  };
}

/** The quarantine note the classifier leaves on a flagged record. */
export function classifierReason(flags: readonly string[]): string {
  return `trust classifier: ${flags.join(", ")}`;
}
