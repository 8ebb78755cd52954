// Catalogue factories: valid published problems of a test collection, overridable field by field,
// so a test imports exactly the problems it reads instead of depending on the demo catalogue.
import type { CatalogueProblem } from "../../src/features/catalogue/domain/catalogue.types.js";
import { uniqueToken } from "./unique-token.js";

/** A valid published problem of a test collection; identifiers derive from one unique token. */
export function buildCatalogueProblem(overrides: Partial<CatalogueProblem> = {}): CatalogueProblem {
  const token = uniqueToken();
  return {
    stableId: `cp:testing:${token}`,
    collection: "testing",
    number: null,
    slug: `testing-${token}`,
    title: `Test problem ${token}`,
    statement: `Every test structure of kind ${token} admits a finite witness.`,
    definitions: [{ term: `witness-${token}`, text: "A finite object certifying the property." }],
    tags: ["testing"],
    prize: null,
    oeisIds: [],
    comments: null,
    remarks: null,
    resolutionState: "OPEN",
    resolutionNote: null,
    formalizedSolution: false,
    publicationState: "PUBLISHED",
    sourceUpdatedAt: "2025-01-01",
    acceptanceConditions: null,
    aliases: [],
    sources: [
      { kind: "URL", recordId: `testing:${token}`, url: `https://problems.example.org/testing/${token}`, title: null },
    ],
    wordings: [],
    formalDeclarations: [
      {
        declName: `Testing${token}.main`,
        kind: "theorem",
        statement: `theorem main_${token} : True`,
        docstring: null,
        category: "research open",
        file: `FormalConjectures/Testing/${token}.lean`,
        line: 10,
        pinnedWorld: "google-deepmind/formal-conjectures@0000000",
        hasAnswerPlaceholder: false,
        proofUsesSorry: true,
      },
    ],
    ...overrides,
  };
}
