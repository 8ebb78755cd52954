// Field access for untrusted import rows: each accessor returns a typed value or throws an
// INVALID_RECORD CatalogueImportError that names the file, the line and the field path.

import { CatalogueImportError, type CatalogueImportErrorLocation } from "./catalogue.errors.js";

export class RecordFields {
  private constructor(
    private readonly value: Record<string, unknown>,
    private readonly location: CatalogueImportErrorLocation,
    private readonly path: string,
  ) {}

  /** Wraps `value`, which must be a plain object (not an array, not null). */
  static of(value: unknown, location: CatalogueImportErrorLocation, path = ""): RecordFields {
    if (!isPlainObject(value)) {
      throw new CatalogueImportError(
        "INVALID_RECORD",
        location,
        `${path || "entry"} must be a mapping, got ${describe(value)}`,
      );
    }
    return new RecordFields(value, location, path);
  }

  fail(key: string, problem: string): never {
    throw new CatalogueImportError("INVALID_RECORD", this.location, `field "${this.fieldPath(key)}" ${problem}`);
  }

  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  string(key: string): string {
    const value = this.value[key];
    if (typeof value !== "string") this.fail(key, `must be a string, got ${describe(value)}`);
    return value;
  }

  optionalString(key: string): string | null {
    return this.has(key) ? this.string(key) : null;
  }

  /** A key that must be present but may hold null. */
  nullableString(key: string): string | null {
    this.requirePresent(key);
    return this.optionalString(key);
  }

  nullableInteger(key: string): number | null {
    this.requirePresent(key);
    return this.optionalInteger(key);
  }

  /** A string, or an integer rendered as one (YAML authors sometimes leave numbers unquoted). */
  stringOrInteger(key: string): string {
    return typeof this.value[key] === "number" ? String(this.integer(key)) : this.string(key);
  }

  integer(key: string): number {
    const value = this.value[key];
    if (typeof value !== "number" || !Number.isInteger(value))
      this.fail(key, `must be an integer, got ${describe(value)}`);
    return value;
  }

  optionalInteger(key: string): number | null {
    return this.has(key) ? this.integer(key) : null;
  }

  boolean(key: string): boolean {
    const value = this.value[key];
    if (typeof value !== "boolean") this.fail(key, `must be true or false, got ${describe(value)}`);
    return value;
  }

  stringArray(key: string): string[] {
    const value = this.value[key];
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
      this.fail(key, `must be a list of strings, got ${describe(value)}`);
    }
    return value as string[];
  }

  optionalStringArray(key: string): string[] {
    return this.has(key) ? this.stringArray(key) : [];
  }

  /** A string restricted to `allowed`. */
  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.string(key);
    if (!(allowed as readonly string[]).includes(value)) {
      this.fail(
        key,
        `must be one of ${allowed.map((item) => JSON.stringify(item)).join(", ")}, got ${JSON.stringify(value)}`,
      );
    }
    return value as T;
  }

  /** A nested mapping, or null when the key is absent. */
  optionalObject(key: string): RecordFields | null {
    return this.has(key) ? RecordFields.of(this.value[key], this.location, this.fieldPath(key)) : null;
  }

  /** A list whose items are read by `readItem`; absent means empty. */
  optionalList<T>(key: string, readItem: (item: unknown, path: string) => T): T[] {
    if (!this.has(key)) return [];
    const value = this.value[key];
    if (!Array.isArray(value)) this.fail(key, `must be a list, got ${describe(value)}`);
    return value.map((item, index) => readItem(item, `${this.fieldPath(key)}[${index}]`));
  }

  private requirePresent(key: string): void {
    if (!(key in this.value)) this.fail(key, "is required (use null for no value)");
  }

  private fieldPath(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
