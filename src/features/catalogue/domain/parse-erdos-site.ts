// Parses `statements.jsonl` of erdosproblems.com (one problem per line, the site's own wording and
// remarks) into validated records. Every line is checked before anything is returned.

import { CatalogueImportError } from "./catalogue.errors.js";
import { jsonlObjects } from "./jsonl-lines.js";
import { RecordFields } from "./record-fields.js";

/** A later wording of the site's statement, read where the site changed it between captures. */
export interface ErdosSiteRevision {
  statement: string;
  /** When that wording was read (YYYY-MM-DD), if the row says. */
  fetched: string | null;
}

/** One problem as erdosproblems.com prints it. */
export interface ErdosSiteRecord {
  number: number;
  statement: string;
  newer: ErdosSiteRevision | null;
  /** The site's remarks under the problem (`comments` in the file), citations as `[Key]`. */
  remarks: string | null;
  tags: string[];
  references: string[];
  prize: string | null;
  /** The site's status badge, e.g. "OPEN", "PROVED (LEAN)". */
  siteStatus: string | null;
  oeisIds: string[];
  /** 1-based line of this record in the JSONL file. */
  recordLine: number;
}

const PROBLEM_NUMBER = /^[1-9]\d*$/;
const OEIS_ID = /^A\d{6}$/;

export function parseErdosSite(text: string, fileName = "statements.jsonl"): ErdosSiteRecord[] {
  const records = jsonlObjects(text, fileName).map(({ value, line }) => readRecord(value, fileName, line));
  rejectDuplicateNumbers(records, fileName);
  return records;
}

function readRecord(value: unknown, fileName: string, recordLine: number): ErdosSiteRecord {
  const fields = RecordFields.of(value, { fileName, line: recordLine });
  if (!fields.has("number")) fields.fail("number", "is required");
  const rawNumber = fields.stringOrInteger("number").trim();
  if (!PROBLEM_NUMBER.test(rawNumber))
    fields.fail("number", `must be a positive whole number, got ${JSON.stringify(rawNumber)}`);
  const statement = fields.string("statement").trim();
  if (statement === "") fields.fail("statement", "must not be empty");
  const newer = fields.optionalObject("statement_newer");
  const newerStatement = newer?.string("statement").trim() ?? "";
  return {
    number: Number(rawNumber),
    statement,
    newer:
      newer && newerStatement !== "" && newerStatement !== statement
        ? { statement: newerStatement, fetched: newer.optionalString("fetched") }
        : null,
    remarks: fields.optionalString("comments")?.trim() || null,
    tags: uniqueTrimmed(fields.optionalStringArray("tags")),
    references: uniqueTrimmed(fields.optionalStringArray("references")),
    prize: fields.optionalString("prize")?.trim() || null,
    siteStatus: fields.optionalString("site_status")?.trim() || null,
    oeisIds: uniqueTrimmed(fields.optionalStringArray("oeis")).filter((id) => OEIS_ID.test(id)),
    recordLine,
  };
}

function uniqueTrimmed(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

function rejectDuplicateNumbers(records: ErdosSiteRecord[], fileName: string): void {
  const seen = new Map<number, number>();
  for (const record of records) {
    const earlier = seen.get(record.number);
    if (earlier !== undefined) {
      throw new CatalogueImportError(
        "DUPLICATE_RECORD",
        { fileName, line: record.recordLine },
        `problem number ${record.number} already appears at line ${earlier}`,
      );
    }
    seen.set(record.number, record.recordLine);
  }
}
