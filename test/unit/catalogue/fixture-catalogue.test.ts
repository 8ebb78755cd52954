import { describe, expect, it } from "vitest";
import { CatalogueImportError } from "../../../src/features/catalogue/domain/catalogue.errors.js";
import { loadFixtureCatalogue, parseCatalogueJson } from "../../../src/features/catalogue/domain/fixture-catalogue.js";

describe("bundled fixture catalogue", () => {
  const problems = loadFixtureCatalogue();

  it("loads a small curated, validated set", () => {
    expect(problems.length).toBeGreaterThanOrEqual(30);
    expect(problems.length).toBeLessThanOrEqual(40);
    expect(new Set(problems.map((problem) => problem.stableId)).size).toBe(problems.length);
    expect(new Set(problems.map((problem) => problem.slug)).size).toBe(problems.length);
  });

  it("mixes published and catalogued Erdős problems with other collections", () => {
    const collections = new Set(problems.map((problem) => problem.collection));
    expect(["erdos", "wikipedia", "oeis"].filter((collection) => !collections.has(collection))).toEqual([]);
    expect(problems.filter((problem) => problem.publicationState === "CATALOGUED").length).toBeGreaterThanOrEqual(5);
    expect(problems.find((problem) => problem.stableId === "cp:erdos:1")?.statement).toContain("N \\gg 2 ^ n");
    expect(problems.every((problem) => problem.formalDeclarations.length <= 3)).toBe(true);
    expect(problems.some((problem) => problem.aliases.length > 0)).toBe(true);
  });

  it("rejects a fixture with a syntax error, naming the line", () => {
    const error = (() => {
      try {
        parseCatalogueJson('[\n  {"stableId": "x",\n  }\n]', "bad.json");
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(CatalogueImportError);
    expect(error).toMatchObject({ code: "MALFORMED_JSON", fileName: "bad.json", line: 3 });
  });

  it("rejects a published problem without a statement and duplicated slugs", () => {
    const [first] = problems;
    if (!first) throw new Error("fixture is empty");
    expect(() =>
      parseCatalogueJson(JSON.stringify([{ ...first, statement: null, publicationState: "PUBLISHED" }]), "f.json"),
    ).toThrow(/f\.json, entry 1: field "statement" must be present/);
    expect(() => parseCatalogueJson(JSON.stringify([first, { ...first, stableId: "cp:other:1" }]), "f.json")).toThrow(
      expect.objectContaining({ code: "DUPLICATE_RECORD", entry: 2 }),
    );
  });
});
