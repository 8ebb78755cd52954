// Typed failures of catalogue import. Every parser validates a whole input before returning, so a
// caller either gets every record or one of these errors naming the file and the offending line.
import { DomainError } from "../../../platform/errors/domain-error.js";

export type CatalogueImportErrorCode =
  /** An input file named on the command line cannot be read (absent, a directory, no permission). */
  | "UNREADABLE_FILE"
  /** The YAML text itself does not parse. */
  | "MALFORMED_YAML"
  /** A line of a JSONL file is not a JSON object. */
  | "MALFORMED_JSONL"
  /** A JSON document (e.g. the bundled fixture) does not parse. */
  | "MALFORMED_JSON"
  /** The text parses but an entry has a missing, mistyped or out-of-range field. */
  | "INVALID_RECORD"
  /** Two entries claim the same identity (Erdős number, declaration name, stable id, slug). */
  | "DUPLICATE_RECORD";

export interface CatalogueImportErrorLocation {
  fileName: string;
  /** 1-based line in the input file, when known. */
  line?: number | null;
  /** 1-based position of the entry in its list, when the input is a list. */
  entry?: number | null;
}

export class CatalogueImportError extends DomainError {
  declare readonly code: CatalogueImportErrorCode;
  readonly fileName: string;
  readonly line: number | null;
  readonly entry: number | null;
  /** The bare problem, without the location prefix of `message`. */
  readonly detail: string;

  constructor(code: CatalogueImportErrorCode, location: CatalogueImportErrorLocation, detail: string) {
    super(code, `${describeLocation(location)}: ${detail}`);
    this.fileName = location.fileName;
    this.line = location.line ?? null;
    this.entry = location.entry ?? null;
    this.detail = detail;
  }
}

function describeLocation({ fileName, line, entry }: CatalogueImportErrorLocation): string {
  const parts = [fileName];
  if (line != null) parts.push(`line ${line}`);
  if (entry != null) parts.push(`entry ${entry}`);
  return parts.join(", ");
}
