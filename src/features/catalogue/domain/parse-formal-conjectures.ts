// Parses the formal-conjectures extract `statements.jsonl` (one Lean declaration per line) into
// validated records. Every line is checked before anything is returned.

import { CatalogueImportError } from "./catalogue.errors.js";
import { jsonlObjects } from "./jsonl-lines.js";
import { RecordFields } from "./record-fields.js";

/** One Lean declaration read by the extractor, in camelCase. */
export interface FormalConjectureRecord {
  declName: string;
  shortName: string;
  namespace: string;
  kind: string;
  /** Repository-relative path, e.g. "FormalConjectures/ErdosProblems/1.lean". */
  file: string;
  /** 1-based line of the declaration in its Lean file. */
  line: number;
  /** Second path component, e.g. "ErdosProblems", "Wikipedia"; a subject folder for library files. */
  collection: string;
  fileTitle: string | null;
  docstring: string | null;
  statement: string;
  category: string | null;
  ams: string[];
  sourceUrls: string[];
  formalProofUrls: string[];
  erdosNumber: number | null;
  hasAnswerPlaceholder: boolean;
  proofUsesSorry: boolean;
  /** 1-based line of this record in the JSONL file. */
  recordLine: number;
}

export function parseFormalConjectures(text: string, fileName = "statements.jsonl"): FormalConjectureRecord[] {
  const records = jsonlObjects(text, fileName).map(({ value, line }) => readRecord(value, fileName, line));
  rejectDuplicateDeclarations(records, fileName);
  return records;
}

function readRecord(value: unknown, fileName: string, recordLine: number): FormalConjectureRecord {
  const fields = RecordFields.of(value, { fileName, line: recordLine });
  const declName = nonEmpty(fields, "decl_name");
  const line = fields.integer("line");
  if (line < 1) fields.fail("line", `must be at least 1, got ${line}`);
  const erdosNumber = fields.optionalInteger("erdos_number");
  if (erdosNumber !== null && erdosNumber < 1)
    fields.fail("erdos_number", `must be a positive integer, got ${erdosNumber}`);
  return {
    declName,
    shortName: nonEmpty(fields, "short_name"),
    namespace: fields.optionalString("namespace") ?? "",
    kind: nonEmpty(fields, "kind"),
    file: nonEmpty(fields, "file"),
    line,
    collection: nonEmpty(fields, "collection"),
    fileTitle: fields.optionalString("file_title")?.trim() || null,
    docstring: fields.optionalString("docstring")?.trim() || null,
    statement: fields.string("statement"),
    category: fields.optionalString("category"),
    ams: fields.optionalStringArray("ams"),
    sourceUrls: fields.optionalStringArray("source_urls"),
    formalProofUrls: fields
      .optionalList("formal_proofs", (item, path) =>
        RecordFields.of(item, { fileName, line: recordLine }, path).optionalStringArray("urls"),
      )
      .flat(),
    erdosNumber,
    hasAnswerPlaceholder: fields.has("has_answer_placeholder") ? fields.boolean("has_answer_placeholder") : false,
    proofUsesSorry: fields.has("proof_uses_sorry") ? fields.boolean("proof_uses_sorry") : false,
    recordLine,
  };
}

function nonEmpty(fields: RecordFields, key: string): string {
  const value = fields.string(key);
  if (value.trim() === "") fields.fail(key, "must not be empty");
  return value;
}

function rejectDuplicateDeclarations(records: FormalConjectureRecord[], fileName: string): void {
  const seen = new Map<string, number>();
  for (const record of records) {
    const earlier = seen.get(record.declName);
    if (earlier !== undefined) {
      throw new CatalogueImportError(
        "DUPLICATE_RECORD",
        { fileName, line: record.recordLine },
        `declaration ${record.declName} already appears at line ${earlier}`,
      );
    }
    seen.set(record.declName, record.recordLine);
  }
}
