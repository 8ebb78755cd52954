import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../../../src/features/catalogue/domain/build-catalogue.js";
import { catalogueProblemDigest } from "../../../src/features/catalogue/domain/catalogue-digest.js";
import type { CatalogueProblem } from "../../../src/features/catalogue/domain/catalogue.types.js";
import { FORMAL_CONJECTURES_WORLD } from "../../../src/features/catalogue/domain/formal-problem-files.js";
import { parseErdosYaml } from "../../../src/features/catalogue/domain/parse-erdos-yaml.js";
import { parseFormalConjectures } from "../../../src/features/catalogue/domain/parse-formal-conjectures.js";
import { erdosYamlPath, hasRealData, statementsPath, warnIfRealDataMissing } from "./catalogue-test-paths.js";

warnIfRealDataMissing("real-catalogue");

function parseRealCatalogue(): CatalogueProblem[] {
  const erdos = parseErdosYaml(readFileSync(erdosYamlPath, "utf8"), erdosYamlPath);
  const formal = parseFormalConjectures(readFileSync(statementsPath, "utf8"), statementsPath);
  return buildCatalogue({ erdos, formal });
}

describe.skipIf(!hasRealData)("catalogue built from the real snapshots", () => {
  let catalogue: CatalogueProblem[];
  const byStableId = (stableId: string) => catalogue.find((problem) => problem.stableId === stableId);

  // Parse time is a benchmark's figure (the import prints it), not a test's: a shared machine makes a
  // timed assertion fail for reasons that are not the code's.
  beforeAll(() => {
    catalogue = parseRealCatalogue();
  });

  it("catalogues every one of the 1,217 Erdős problems, in number order", () => {
    const erdos = catalogue.filter((problem) => problem.collection === "erdos");
    expect(erdos).toHaveLength(1217);
    expect(erdos.map((problem) => problem.number)).toEqual(Array.from({ length: 1217 }, (_, index) => index + 1));
  });

  it("publishes the 610 Erdős problems with a formal-conjectures file and only catalogues the rest", () => {
    const erdos = catalogue.filter((problem) => problem.collection === "erdos");
    const published = erdos.filter((problem) => problem.publicationState === "PUBLISHED");
    const catalogued = erdos.filter((problem) => problem.publicationState === "CATALOGUED");
    expect(published).toHaveLength(610);
    expect(catalogued).toHaveLength(607);
    expect(catalogued.every((problem) => problem.statement === null && problem.formalDeclarations.length === 0)).toBe(
      true,
    );
    expect(published.every((problem) => problem.statement !== null && problem.statement.trim() !== "")).toBe(true);
  });

  it("takes problem 1's statement from the docstring of Erdos1.erdos_1 and attaches its declarations", () => {
    const problem = byStableId("cp:erdos:1");
    const main = problem?.formalDeclarations.find((declaration) => declaration.declName === "Erdos1.erdos_1");
    expect(main?.docstring).toBeTruthy();
    expect(problem?.statement).toBe(main?.docstring);
    expect(problem?.statement).toContain("N \\gg 2 ^ n");
    expect(problem?.definitions.map((definition) => definition.term)).toContain("IsSumDistinctSet");
    expect(
      problem?.formalDeclarations.every((declaration) => declaration.pinnedWorld === FORMAL_CONJECTURES_WORLD),
    ).toBe(true);
    expect(problem).toMatchObject({
      slug: "erdos-1",
      prize: "$500",
      oeisIds: ["A276661"],
      resolutionState: "OPEN",
      sourceUpdatedAt: "2025-08-31",
    });
    expect(problem?.sources.map((source) => source.recordId)).toEqual([
      "erdosproblems:1",
      "FormalConjectures/ErdosProblems/1.lean",
    ]);
  });

  it("joins the docstrings of split statements (erdos_N.parts.*) in file order", () => {
    const problem = byStableId("cp:erdos:830");
    const parts = problem?.formalDeclarations.filter((declaration) => declaration.declName.includes(".parts.")) ?? [];
    expect(parts.map((part) => part.declName)).toEqual(["Erdos830.erdos_830.parts.i", "Erdos830.erdos_830.parts.ii"]);
    expect(problem?.statement).toBe(parts.map((part) => part.docstring).join("\n\n"));
  });

  it("names problems after their usual name and keeps it as an alias", () => {
    expect(byStableId("cp:erdos:20")).toMatchObject({
      title: "Erdős Problem 20: sunflower conjecture",
      aliases: ["sunflower conjecture"],
    });
    expect(catalogue.some((problem) => problem.aliases.includes("ambiguous statement"))).toBe(false);
  });

  it("maps upstream states and drops OEIS markers", () => {
    expect(byStableId("cp:erdos:2")?.resolutionState).toBe("DISPROVED");
    expect(catalogue.flatMap((problem) => problem.oeisIds).every((id) => /^A\d{6}$/.test(id))).toBe(true);
    expect(catalogue.filter((problem) => problem.formalizedSolution && problem.collection === "erdos")).toHaveLength(
      210,
    );
  });

  it("adds the research files of the other formal-conjectures collections, but no library helpers", () => {
    const others = catalogue.filter((problem) => problem.collection !== "erdos");
    expect(others).toHaveLength(560);
    expect(new Set(others.map((problem) => problem.collection))).toEqual(
      new Set([
        "arxiv",
        "books",
        "greensopenproblems",
        "hilbertproblems",
        "kourovka",
        "littproblems",
        "mathoverflow",
        "millenium",
        "oeis",
        "openquantumproblems",
        "optimizationconstants",
        "other",
        "paper",
        "wikipedia",
        "writtenonthewallii",
      ]),
    );
    expect(others.every((problem) => problem.publicationState === "PUBLISHED")).toBe(true);
    expect(byStableId("cp:wikipedia:goldbachconjecture")).toMatchObject({
      slug: "wikipedia-goldbach-conjecture",
      title: "Goldbach's conjecture",
      resolutionState: "OPEN",
      tags: ["number theory"],
    });
    expect(byStableId("cp:oeis:40")?.oeisIds).toEqual(["A000040"]);
    expect(byStableId("cp:arxiv:0911.2077/conjecture6_3")?.slug).toBe("arxiv-0911-2077-conjecture6-3");
  });

  it("gives every problem a unique stable id and a unique well-formed slug", () => {
    expect(new Set(catalogue.map((problem) => problem.stableId)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((problem) => problem.slug)).size).toBe(catalogue.length);
    expect(catalogue.every((problem) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(problem.slug))).toBe(true);
  });

  it("orders Erdős problems first, then the others by stable id", () => {
    const others = catalogue.filter((problem) => problem.collection !== "erdos").map((problem) => problem.stableId);
    expect(others).toEqual([...others].sort());
    expect(catalogue.findIndex((problem) => problem.collection !== "erdos")).toBe(1217);
  });

  it("is deterministic: a second parse gives equal problems and equal digests", () => {
    const again = parseRealCatalogue();
    expect(again).toEqual(catalogue);
    expect(again.map(catalogueProblemDigest)).toEqual(catalogue.map(catalogueProblemDigest));
  });
});
