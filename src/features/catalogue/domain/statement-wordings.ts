// The rows of a problem's statement family: every wording the catalogue lists, content-addressed by
// hash, so re-importing a wording finds its existing row instead of adding a copy.

import { statementHash } from "../../identity/domain/identifier-keys.js";
import type { CatalogueProblem, CatalogueWording } from "./catalogue.types.js";

export interface StatementRow {
  familyId: string;
  text: string;
  hash: string;
  origin: string;
  declarationNames: string[];
}

/** The family's wordings: those the catalogue lists, else the statement alone, credited to its first source. */
export function familyWordings(problem: CatalogueProblem): CatalogueWording[] {
  if (problem.wordings.length > 0) return problem.wordings;
  return problem.statement
    ? [{ text: problem.statement, origin: problem.sources[0]?.kind ?? "IMPORT", declarationNames: [] }]
    : [];
}

export function statementRows(familyId: string, problem: CatalogueProblem): StatementRow[] {
  return familyWordings(problem).map((wording) => ({
    familyId,
    text: wording.text,
    hash: statementHash(wording.text),
    origin: wording.origin,
    declarationNames: wording.declarationNames,
  }));
}
