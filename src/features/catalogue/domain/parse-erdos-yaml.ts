// Parses teorth/erdosproblems `problems.yaml` into validated plain entries. The whole file is
// checked before anything is returned: broken YAML or a bad entry raises a CatalogueImportError.

import { LineCounter, parseDocument, isSeq } from "yaml";
import { CatalogueImportError } from "./catalogue.errors.js";
import type { ResolutionState } from "./catalogue.types.js";
import { RecordFields } from "./record-fields.js";

/** One row of the Erdős problems database, with upstream vocabulary mapped to ours. */
export interface ErdosDatabaseEntry {
  number: number;
  /** The offered amount as written ("$500", "£25"), or null for "no". */
  prize: string | null;
  resolutionState: ResolutionState;
  /** `informal_status.note`, else `status.note`. */
  resolutionNote: string | null;
  /** A solution has been formalised in Lean (`formal_status.state == "Lean"`). */
  formalizedSolution: boolean;
  formalSolutionUrl: string | null;
  formalSolutionNote: string | null;
  /** The statement is formalised in formal-conjectures, according to the database. */
  statementFormalized: boolean;
  /** Real OEIS A-numbers only; the markers "N/A", "possible" and "in progress" are dropped. */
  oeisIds: string[];
  tags: string[];
  comments: string | null;
  /** Latest `last_update` across the status blocks (ISO date), or null when none is given. */
  lastUpdate: string | null;
  /** 1-based line where the entry starts in the YAML file. */
  line: number;
}

const INFORMAL_STATES: Record<string, ResolutionState> = {
  open: "OPEN",
  proved: "PROVED",
  disproved: "DISPROVED",
  solved: "SOLVED",
  falsifiable: "FALSIFIABLE",
  verifiable: "VERIFIABLE",
  decidable: "DECIDABLE",
  "not provable": "NOT_PROVABLE",
  "not disprovable": "NOT_DISPROVABLE",
  independent: "INDEPENDENT",
};
const FORMAL_STATES = ["unformalized", "Lean"] as const;
const FORMALIZED_STATES = ["yes", "no"] as const;
const OEIS_ID = /^A\d{6}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PROBLEM_NUMBER = /^[1-9]\d*$/;

/**
 * Keys outside the upstream schema are ignored, so that an upstream addition does not block
 * imports. Every key we read is checked for type and vocabulary.
 */
export function parseErdosYaml(text: string, fileName = "problems.yaml"): ErdosDatabaseEntry[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const [firstError] = document.errors;
  if (firstError) {
    const line = firstError.linePos?.[0].line ?? null;
    throw new CatalogueImportError(
      "MALFORMED_YAML",
      { fileName, line },
      firstError.message.split("\n")[0] ?? "YAML error",
    );
  }
  if (!isSeq(document.contents)) {
    throw new CatalogueImportError("INVALID_RECORD", { fileName, line: 1 }, "the document must be a list of problems");
  }
  const values = document.toJS() as unknown[];
  const entries = document.contents.items.map((node, index) => {
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
    return readEntry(values[index], { fileName, line: lineCounter.linePos(offset).line, entry: index + 1 });
  });
  rejectDuplicateNumbers(entries, fileName);
  return entries;
}

function readEntry(value: unknown, location: { fileName: string; line: number; entry: number }): ErdosDatabaseEntry {
  const fields = RecordFields.of(value, location);
  const number = readNumber(fields);
  const informal = fields.optionalObject("informal_status");
  const formal = fields.optionalObject("formal_status");
  const status = fields.optionalObject("status");
  const formalized = fields.optionalObject("formalized");
  const informalState = informal?.has("state") ? informal.oneOf("state", Object.keys(INFORMAL_STATES)) : null;
  const oeis = fields.optionalStringArray("oeis");
  const prize = fields.optionalString("prize");
  const updates = [informal, formal, status, formalized]
    .map((block) => readDate(block))
    .filter((date) => date !== null);
  return {
    number,
    prize: prize === null || prize.trim() === "" || prize === "no" ? null : prize.trim(),
    resolutionState: informalState ? (INFORMAL_STATES[informalState] ?? "UNKNOWN") : "UNKNOWN",
    resolutionNote: informal?.optionalString("note") ?? status?.optionalString("note") ?? null,
    formalizedSolution: formal?.has("state") ? formal.oneOf("state", FORMAL_STATES) === "Lean" : false,
    formalSolutionUrl: formal?.optionalString("url") ?? null,
    formalSolutionNote: formal?.optionalString("note") ?? null,
    statementFormalized: formalized?.has("state") ? formalized.oneOf("state", FORMALIZED_STATES) === "yes" : false,
    oeisIds: [...new Set(oeis.map((id) => id.trim()).filter((id) => OEIS_ID.test(id)))],
    tags: [
      ...new Set(
        fields
          .optionalStringArray("tags")
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ],
    comments: fields.optionalString("comments")?.trim() || null,
    lastUpdate: updates.length === 0 ? null : updates.reduce((latest, date) => (date > latest ? date : latest)),
    line: location.line,
  };
}

function readNumber(fields: RecordFields): number {
  if (!fields.has("number")) fields.fail("number", "is required");
  const raw = fields.stringOrInteger("number").trim();
  if (!PROBLEM_NUMBER.test(raw)) fields.fail("number", `must be a positive whole number, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function readDate(block: RecordFields | null): string | null {
  const date = block?.optionalString("last_update") ?? null;
  if (date !== null && !ISO_DATE.test(date))
    block?.fail("last_update", `must be a YYYY-MM-DD date, got ${JSON.stringify(date)}`);
  return date;
}

function rejectDuplicateNumbers(entries: ErdosDatabaseEntry[], fileName: string): void {
  const seen = new Map<number, ErdosDatabaseEntry>();
  entries.forEach((entry, index) => {
    const earlier = seen.get(entry.number);
    if (earlier) {
      throw new CatalogueImportError(
        "DUPLICATE_RECORD",
        { fileName, line: entry.line, entry: index + 1 },
        `problem number ${entry.number} already appears at line ${earlier.line}`,
      );
    }
    seen.set(entry.number, entry);
  });
}
