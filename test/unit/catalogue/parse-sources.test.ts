import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../../src/features/catalogue/domain/build-catalogue.js";
import { catalogueProblemDigest, canonicalJson } from "../../../src/features/catalogue/domain/catalogue-digest.js";
import { parseErdosYaml } from "../../../src/features/catalogue/domain/parse-erdos-yaml.js";
import type { FormalConjectureRecord } from "../../../src/features/catalogue/domain/parse-formal-conjectures.js";
import { selectStatement } from "../../../src/features/catalogue/domain/formal-problem-files.js";

const YAML_ENTRY = `
- number: "857"
  prize: "no"
  informal_status:
    state: "not disprovable"
    last_update: "2025-08-31"
    note: "see the literature"
  formal_status:
    state: "Lean"
    last_update: "2026-01-02"
  status:
    state: "not disprovable (Lean)"
    last_update: "2025-09-01"
  oeis: ["N/A", "A000079", "possible"]
  formalized:
    state: "no"
    last_update: "2025-08-31"
  tags: ["combinatorics"]
  comments: "weak sunflower problem"
`;

function buildRecord(overrides: Partial<FormalConjectureRecord>): FormalConjectureRecord {
  return {
    declName: "Erdos9.erdos_9",
    shortName: "erdos_9",
    namespace: "Erdos9",
    kind: "theorem",
    file: "FormalConjectures/ErdosProblems/9.lean",
    line: 10,
    collection: "ErdosProblems",
    fileTitle: "Erdős Problem 9",
    docstring: "Main statement.",
    statement: "theorem erdos_9 : True",
    category: "research open",
    ams: ["11"],
    sourceUrls: [],
    formalProofUrls: [],
    erdosNumber: 9,
    hasAnswerPlaceholder: false,
    proofUsesSorry: true,
    recordLine: 1,
    ...overrides,
  };
}

describe("parseErdosYaml", () => {
  it("maps upstream vocabulary onto catalogue fields", () => {
    const [entry] = parseErdosYaml(YAML_ENTRY, "p.yaml");
    expect(entry).toEqual({
      number: 857,
      prize: null,
      resolutionState: "NOT_DISPROVABLE",
      resolutionNote: "see the literature",
      formalizedSolution: true,
      formalSolutionUrl: null,
      formalSolutionNote: null,
      statementFormalized: false,
      oeisIds: ["A000079"],
      tags: ["combinatorics"],
      comments: "weak sunflower problem",
      lastUpdate: "2026-01-02",
      line: 2,
    });
  });
});

describe("selectStatement", () => {
  it("prefers the theorem named after the problem over earlier research theorems", () => {
    const records = [
      buildRecord({ declName: "Erdos9.helper", shortName: "helper", line: 5, docstring: "Helper." }),
      buildRecord({}),
    ];
    expect(selectStatement(records, "erdos_9")?.text).toBe("Main statement.");
  });

  it("skips variants, test and API theorems when no main theorem exists", () => {
    const records = [
      buildRecord({ shortName: "erdos_9.variants.weak", declName: "a", line: 1, docstring: "Variant." }),
      buildRecord({ shortName: "sanity", declName: "b", line: 2, category: "test", docstring: "Test." }),
      buildRecord({ shortName: "erdos_9.upper", declName: "c", line: 3, docstring: "Upper bound." }),
    ];
    expect(selectStatement(records, "erdos_9")?.text).toBe("Upper bound.");
  });

  it("returns null when only test declarations carry docstrings", () => {
    expect(selectStatement([buildRecord({ shortName: "t", category: "test" })], "erdos_9")).toBeNull();
  });
});

describe("buildCatalogue with one input missing", () => {
  it("catalogues database rows without statements when there is no formal extract", () => {
    const [problem] = buildCatalogue({ erdos: parseErdosYaml(YAML_ENTRY, "p.yaml") });
    expect(problem).toMatchObject({
      stableId: "cp:erdos:857",
      slug: "erdos-857",
      title: "Erdős Problem 857: weak sunflower problem",
      publicationState: "CATALOGUED",
      statement: null,
      aliases: ["weak sunflower problem"],
    });
  });

  it("publishes Erdős problems from their formal file alone, deriving state from the category", () => {
    const [problem] = buildCatalogue({ formal: [buildRecord({})] });
    expect(problem).toMatchObject({
      stableId: "cp:erdos:9",
      statement: "Main statement.",
      resolutionState: "OPEN",
      publicationState: "PUBLISHED",
      tags: ["number theory"],
      sources: [{ kind: "FORMAL_CONJECTURES", recordId: "FormalConjectures/ErdosProblems/9.lean" }],
    });
  });

  it("disambiguates colliding slugs deterministically", () => {
    const record = (file: string, declName: string) =>
      buildRecord({
        file,
        declName,
        shortName: declName,
        collection: "Wikipedia",
        erdosNumber: null,
        fileTitle: null,
      });
    const problems = buildCatalogue({
      formal: [
        record("FormalConjectures/Wikipedia/Foo_Bar.lean", "x"),
        record("FormalConjectures/Wikipedia/FooBar.lean", "y"),
      ],
    });
    expect(problems.map((problem) => [problem.stableId, problem.slug, problem.title])).toEqual([
      ["cp:wikipedia:foo_bar", "wikipedia-foo-bar", "Foo Bar"],
      ["cp:wikipedia:foobar", "wikipedia-foo-bar-2", "Foo Bar"],
    ]);
  });
});

describe("catalogueProblemDigest", () => {
  it("ignores key order and changes with any field", () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: "x" }] })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    const [problem] = buildCatalogue({ formal: [buildRecord({})] });
    if (!problem) throw new Error("expected a problem");
    const reordered = Object.fromEntries(Object.entries(problem).reverse()) as typeof problem;
    expect(catalogueProblemDigest(reordered)).toBe(catalogueProblemDigest(problem));
    expect(catalogueProblemDigest({ ...problem, title: "Other" })).not.toBe(catalogueProblemDigest(problem));
    expect(catalogueProblemDigest(problem)).toMatch(/^[0-9a-f]{64}$/);
  });
});
