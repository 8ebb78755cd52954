// Splits a JSONL file into its JSON objects, each with its 1-based line, so every parser reports a
// broken line the same way: MALFORMED_JSONL naming the file and the line.

import { CatalogueImportError } from "./catalogue.errors.js";

export interface JsonlLine {
  value: Record<string, unknown>;
  /** 1-based line in the file. */
  line: number;
}

/** Blank lines are skipped; any other line must be one JSON object. */
export function jsonlObjects(text: string, fileName: string): JsonlLine[] {
  const objects: JsonlLine[] = [];
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]?.trim() ?? "";
    if (line !== "") objects.push({ value: parseLine(line, fileName, index + 1), line: index + 1 });
  }
  return objects;
}

function parseLine(line: string, fileName: string, lineNumber: number): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CatalogueImportError("MALFORMED_JSONL", { fileName, line: lineNumber }, `not valid JSON (${reason})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CatalogueImportError(
      "MALFORMED_JSONL",
      { fileName, line: lineNumber },
      "each line must be a JSON object",
    );
  }
  return value as Record<string, unknown>;
}
