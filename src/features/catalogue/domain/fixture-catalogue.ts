// The bundled default catalogue (fixtures/catalogue/problems.json): a small curated set loaded when
// no import has run. The file is validated in full; a broken fixture raises CatalogueImportError.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CatalogueImportError } from "./catalogue.errors.js";
import type { CatalogueProblem } from "./catalogue.types.js";
import { validateCatalogueProblems } from "./catalogue-validation.js";

export const FIXTURE_CATALOGUE_PATH = fileURLToPath(
  new URL("../../../../fixtures/catalogue/problems.json", import.meta.url),
);

export function loadFixtureCatalogue(filePath: string = FIXTURE_CATALOGUE_PATH): CatalogueProblem[] {
  return parseCatalogueJson(readFileSync(filePath, "utf8"), filePath);
}

/** Parses a JSON array of CatalogueProblem records, reporting syntax errors with their line. */
export function parseCatalogueJson(text: string, fileName: string): CatalogueProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CatalogueImportError(
      "MALFORMED_JSON",
      { fileName, line: lineOfPosition(text, reason) },
      `not valid JSON (${reason})`,
    );
  }
  return validateCatalogueProblems(value, fileName);
}

/** V8 reports "... at position N"; turn that offset into a 1-based line. */
function lineOfPosition(text: string, reason: string): number | null {
  const match = /position (\d+)/.exec(reason);
  if (!match) return null;
  return text.slice(0, Number(match[1])).split("\n").length;
}
