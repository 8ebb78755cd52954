// JSONL reading with line numbers and small field readers that record problems instead of
// throwing, so a loader can report every bad line at once and load nothing.

import type { LineProblem } from "./premises.errors.js";

export interface JsonlRow {
  line: number;
  value: Record<string, unknown>;
}

export interface JsonlParse {
  rows: JsonlRow[];
  problems: LineProblem[];
}

/** Parses every non-blank line; a line that is not a JSON object becomes a problem, not a row. */
export function parseJsonl(text: string): JsonlParse {
  const rows: JsonlRow[] = [];
  const problems: LineProblem[] = [];
  text.split(/\r?\n/).forEach((raw, offset) => {
    const line = offset + 1;
    if (raw.trim() === "") return;
    try {
      const value: unknown = JSON.parse(raw);
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        problems.push({ line, reason: "not a JSON object" });
      } else {
        rows.push({ line, value: value as Record<string, unknown> });
      }
    } catch (error) {
      problems.push({ line, reason: `invalid JSON (${(error as Error).message})` });
    }
  });
  return { rows, problems };
}

/** Collects field problems for one row. */
export class FieldReader {
  constructor(
    private readonly row: JsonlRow,
    private readonly problems: LineProblem[],
  ) {}

  private fail(key: string, expected: string): void {
    this.problems.push({ line: this.row.line, reason: `"${key}" must be ${expected}` });
  }

  string(key: string, options: { optional?: boolean; nonEmpty?: boolean } = {}): string {
    const value = this.row.value[key];
    if (value === undefined && options.optional) return "";
    if (typeof value !== "string" || (options.nonEmpty && value.trim() === "")) {
      this.fail(key, options.nonEmpty ? "a non-empty string" : "a string");
      return "";
    }
    return value;
  }

  nullableString(key: string): string | null {
    const value = this.row.value[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") this.fail(key, "a string or null");
    return typeof value === "string" ? value : null;
  }

  stringList(key: string, options: { optional?: boolean } = {}): string[] {
    const value = this.row.value[key];
    if (value === undefined && options.optional) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
      this.fail(key, "a list of strings");
      return [];
    }
    return value as string[];
  }

  nullableInteger(key: string): number | null {
    const value = this.row.value[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
      this.fail(key, "a non-negative integer or null");
      return null;
    }
    return value;
  }
}
