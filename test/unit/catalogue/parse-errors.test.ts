import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CatalogueImportError } from "../../../src/features/catalogue/domain/catalogue.errors.js";
import { parseErdosYaml } from "../../../src/features/catalogue/domain/parse-erdos-yaml.js";
import { parseFormalConjectures } from "../../../src/features/catalogue/domain/parse-formal-conjectures.js";
import { brokenFixturesDir } from "./catalogue-test-paths.js";

function readBroken(name: string): string {
  return readFileSync(path.join(brokenFixturesDir, name), "utf8");
}

function captureError(run: () => unknown): CatalogueImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogueImportError) return error;
    throw error;
  }
  throw new Error("expected a CatalogueImportError");
}

describe("broken catalogue inputs", () => {
  it("reports malformed YAML with its file and line", () => {
    const error = captureError(() => parseErdosYaml(readBroken("malformed.yaml"), "malformed.yaml"));
    expect(error.code).toBe("MALFORMED_YAML");
    expect(error.fileName).toBe("malformed.yaml");
    expect(error.line).toBeGreaterThanOrEqual(5);
    expect(error.message).toMatch(/^malformed\.yaml, line \d+: /);
  });

  it("reports an unknown status with the entry number and the line the entry starts on", () => {
    const error = captureError(() => parseErdosYaml(readBroken("invalid-state.yaml"), "invalid-state.yaml"));
    expect(error).toMatchObject({ code: "INVALID_RECORD", line: 8, entry: 2 });
    expect(error.message).toContain('field "informal_status.state"');
    expect(error.message).toContain('"probably true"');
  });

  it("reports a JSONL file whose third line is cut off, and returns nothing", () => {
    const error = captureError(() => parseFormalConjectures(readBroken("malformed-line-3.jsonl"), "statements.jsonl"));
    expect(error).toMatchObject({ code: "MALFORMED_JSONL", fileName: "statements.jsonl", line: 3 });
    expect(error.message).toMatch(/^statements\.jsonl, line 3: not valid JSON/);
  });

  it("rejects a JSONL record with a mistyped field", () => {
    const good = readBroken("malformed-line-3.jsonl").split("\n")[0] ?? "";
    const bad = good.replace('"line": 10', '"line": "ten"');
    const error = captureError(() =>
      parseFormalConjectures(`${good.replace("erdos_1", "erdos_1a")}\n${bad}\n`, "s.jsonl"),
    );
    expect(error).toMatchObject({ code: "INVALID_RECORD", line: 2 });
    expect(error.message).toContain('field "line" must be an integer');
  });

  it("rejects a JSONL line that is valid JSON but not an object", () => {
    expect(captureError(() => parseFormalConjectures("[1, 2]\n", "s.jsonl"))).toMatchObject({
      code: "MALFORMED_JSONL",
      line: 1,
    });
  });

  it("rejects repeated Erdős numbers and repeated declaration names", () => {
    const yaml = '- number: "7"\n  tags: []\n- number: "7"\n  tags: []\n';
    expect(captureError(() => parseErdosYaml(yaml, "p.yaml"))).toMatchObject({
      code: "DUPLICATE_RECORD",
      line: 3,
      entry: 2,
    });
    const line = readBroken("malformed-line-3.jsonl").split("\n")[0] ?? "";
    expect(captureError(() => parseFormalConjectures(`${line}\n${line}\n`, "s.jsonl"))).toMatchObject({
      code: "DUPLICATE_RECORD",
      line: 2,
    });
  });

  it("rejects a problem number that is not a positive whole number", () => {
    const error = captureError(() => parseErdosYaml('- number: "12-3"\n', "p.yaml"));
    expect(error).toMatchObject({ code: "INVALID_RECORD", entry: 1, line: 1 });
  });
});
