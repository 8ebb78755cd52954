// Reads the catalogue source files from disk and builds the catalogue. Both files are parsed and
// validated in full before the catalogue is built, so a broken file yields an error and no records.

import { readFile } from "node:fs/promises";
import { buildCatalogue } from "./build-catalogue.js";
import type { CatalogueProblem } from "./catalogue.types.js";
import { parseErdosYaml } from "./parse-erdos-yaml.js";
import { parseFormalConjectures } from "./parse-formal-conjectures.js";

export interface CatalogueFilePaths {
  /** teorth/erdosproblems `problems.yaml`. */
  erdosYamlPath?: string | null;
  /** formal-conjectures `statements.jsonl`. */
  formalConjecturesPath?: string | null;
}

export async function readCatalogueFiles({ erdosYamlPath, formalConjecturesPath }: CatalogueFilePaths): Promise<CatalogueProblem[]> {
  const [erdosText, formalText] = await Promise.all([
    erdosYamlPath ? readFile(erdosYamlPath, "utf8") : null,
    formalConjecturesPath ? readFile(formalConjecturesPath, "utf8") : null,
  ]);
  const erdos = erdosText !== null && erdosYamlPath ? parseErdosYaml(erdosText, erdosYamlPath) : null;
  const formal = formalText !== null && formalConjecturesPath ? parseFormalConjectures(formalText, formalConjecturesPath) : null;
  return buildCatalogue({ erdos, formal });
}
