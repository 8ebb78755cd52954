// The site-statements file: parsing (with typed errors naming file and line) and how its rows
// become canonical statements, wordings, remarks and citations in the built catalogue.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../../src/features/catalogue/domain/build-catalogue.js";
import { CatalogueImportError } from "../../../src/features/catalogue/domain/catalogue.errors.js";
import { parseErdosSite } from "../../../src/features/catalogue/domain/parse-erdos-site.js";
import { parseErdosYaml } from "../../../src/features/catalogue/domain/parse-erdos-yaml.js";
import { parseFormalConjectures } from "../../../src/features/catalogue/domain/parse-formal-conjectures.js";
import { readCatalogueFiles } from "../../../src/features/catalogue/domain/read-catalogue-files.js";
import {
  erdosSiteFixturesDir,
  erdosSiteStatementsPath,
  erdosYamlPath,
  hasErdosSiteStatements,
  hasRealData,
  statementsPath,
  warnIfErdosSiteStatementsMissing,
} from "./catalogue-test-paths.js";

warnIfErdosSiteStatementsMissing("erdos-site-statements");

const fixturePath = (name: string) => path.join(erdosSiteFixturesDir, name);
const readFixture = (name: string) => readFileSync(fixturePath(name), "utf8");

describe("parsing the site-statements file", () => {
  it("reads each row's statement, later wording, remarks and tags", () => {
    const records = parseErdosSite(readFixture("statements.jsonl"), "statements.jsonl");
    expect(records.map((record) => record.number)).toEqual([2, 20, 9001]);
    const sunflower = records[1]!;
    expect(sunflower.newer?.statement).toMatch(/depending only on \$k\$\?$/);
    expect(sunflower.newer?.fetched).toBe("2026-07-01");
    expect(sunflower.remarks).toContain("spread families");
    expect(sunflower).toMatchObject({
      tags: ["combinatorics"],
      siteStatus: "OPEN",
      oeisIds: ["A332077"],
      recordLine: 2,
    });
    expect(records[2]).toMatchObject({ newer: null, remarks: null, prize: null });
  });

  it("names the file and line of a line that is not JSON", () => {
    const run = () => parseErdosSite(readFixture("broken-line-2.jsonl"), "broken-line-2.jsonl");
    expect(run).toThrow(CatalogueImportError);
    expect(run).toThrow(/^broken-line-2\.jsonl, line 2: not valid JSON/);
  });

  it("refuses a row without a statement, or with a number that is not one, naming the field", () => {
    expect(() => parseErdosSite('{"number": "7"}\n', "rows.jsonl")).toThrow(
      /^rows\.jsonl, line 1: field "statement" must be a string/,
    );
    expect(() => parseErdosSite('{"number": "7a", "statement": "S"}\n', "rows.jsonl")).toThrow(
      /field "number" must be a positive whole number/,
    );
    expect(() =>
      parseErdosSite('{"number": 7, "statement": "S"}\n{"number": "7", "statement": "T"}\n', "rows.jsonl"),
    ).toThrow(/^rows\.jsonl, line 2: problem number 7 already appears at line 1/);
  });

  it("gives a typed error naming a file that does not exist", async () => {
    const missing = fixturePath("no-such-file.jsonl");
    const error = await readCatalogueFiles({ erdosStatementsPath: missing }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CatalogueImportError);
    expect(error).toMatchObject({
      code: "UNREADABLE_FILE",
      fileName: missing,
      message: `${missing}: cannot read the file (no such file)`,
    });
  });
});

describe("building Erdős problems with the site's statements", () => {
  const catalogue = buildCatalogue({
    erdos: parseErdosYaml(readFixture("problems.yaml"), "problems.yaml"),
    erdosSite: parseErdosSite(readFixture("statements.jsonl"), "statements.jsonl"),
    formal: parseFormalConjectures(readFixture("formal-statements.jsonl"), "formal-statements.jsonl"),
  });
  const byNumber = (number: number) => catalogue.find((problem) => problem.number === number)!;

  it("lists the newest site wording first, then the older capture, then the formal docstring with its declaration", () => {
    const sunflower = byNumber(20);
    expect(sunflower.wordings.map((wording) => wording.origin)).toEqual([
      "ERDOS_SITE_REVISION",
      "ERDOS_SITE",
      "FORMAL_CONJECTURES",
    ]);
    expect(sunflower.statement).toBe(sunflower.wordings[0]!.text);
    expect(sunflower.wordings[2]!.declarationNames).toEqual(["Erdos20.erdos_20"]);
    expect(sunflower.title).toBe("Erdős Problem 20: sunflower conjecture");
  });

  it("publishes every problem the site states, cites the site first, and keeps the database's metadata", () => {
    for (const problem of catalogue) {
      expect(problem.publicationState).toBe("PUBLISHED");
      expect(problem.sources[0]).toMatchObject({
        kind: "ERDOS_SITE",
        title: `T. F. Bloom, Erdős Problem #${problem.number}, https://www.erdosproblems.com/${problem.number}`,
      });
    }
    expect(byNumber(2)).toMatchObject({
      resolutionState: "DISPROVED",
      wordings: [{ origin: "ERDOS_SITE", declarationNames: [] }],
    });
    expect(byNumber(9001)).toMatchObject({ tags: ["testing"], remarks: null, stableId: "cp:erdos:9001" });
  });
});

describe.skipIf(!hasErdosSiteStatements || !hasRealData)("the real erdosproblems.com statements", () => {
  it("gives every Erdős problem 1..1217 a canonical statement, the site's citation and its revisions", () => {
    const catalogue = buildCatalogue({
      erdos: parseErdosYaml(readFileSync(erdosYamlPath, "utf8"), erdosYamlPath),
      erdosSite: parseErdosSite(readFileSync(erdosSiteStatementsPath, "utf8"), erdosSiteStatementsPath),
      formal: parseFormalConjectures(readFileSync(statementsPath, "utf8"), statementsPath),
    });
    const erdos = catalogue.filter((problem) => problem.collection === "erdos");
    expect(erdos.map((problem) => problem.number)).toEqual(Array.from({ length: 1217 }, (_, index) => index + 1));
    for (const problem of erdos) {
      expect(problem.statement?.trim(), `Erdős ${problem.number}`).toBeTruthy();
      expect(problem.publicationState).toBe("PUBLISHED");
      expect(problem.wordings[0]!.origin).toMatch(/^ERDOS_SITE/);
      expect(problem.sources.map((source) => source.kind)).toContain("ERDOS_SITE");
    }
    expect(erdos.filter((problem) => problem.wordings[0]!.origin === "ERDOS_SITE_REVISION")).toHaveLength(19);
    expect(
      erdos.filter((problem) => problem.wordings.some((wording) => wording.origin === "FORMAL_CONJECTURES")).length,
    ).toBeGreaterThanOrEqual(600);
    expect(erdos.filter((problem) => problem.remarks !== null).length).toBeGreaterThan(1150);
  });
});
