// Reads the catalogue source files from disk and builds the catalogue. Every file is parsed and
// validated in full before the catalogue is built, so a broken file yields an error and no records.

import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { bundledFilePath, readBundledManifest, readBundledText } from "./bundled-data.js";
import { buildCatalogue } from "./build-catalogue.js";
import { CatalogueImportError } from "./catalogue.errors.js";
import type { CatalogueProblem } from "./catalogue.types.js";
import { parseErdosSite } from "./parse-erdos-site.js";
import { parseErdosYaml } from "./parse-erdos-yaml.js";
import { parseFormalConjectures } from "./parse-formal-conjectures.js";

export interface CatalogueFilePaths {
  /** teorth/erdosproblems `problems.yaml`. */
  erdosYamlPath?: string | null;
  /** erdosproblems.com `statements.jsonl` (shared data, or built by `fetch-erdos-statements`). */
  erdosStatementsPath?: string | null;
  /** formal-conjectures `statements.jsonl`. */
  formalConjecturesPath?: string | null;
}

export async function readCatalogueFiles({
  erdosYamlPath,
  erdosStatementsPath,
  formalConjecturesPath,
}: CatalogueFilePaths): Promise<CatalogueProblem[]> {
  const [erdosText, siteText, formalText] = await Promise.all([
    readInput(erdosYamlPath),
    readInput(erdosStatementsPath),
    readInput(formalConjecturesPath),
  ]);
  return buildCatalogue({
    erdos: erdosText !== null && erdosYamlPath ? parseErdosYaml(erdosText, erdosYamlPath) : null,
    erdosSite: siteText !== null && erdosStatementsPath ? parseErdosSite(siteText, erdosStatementsPath) : null,
    formal:
      formalText !== null && formalConjecturesPath ? parseFormalConjectures(formalText, formalConjecturesPath) : null,
  });
}

/**
 * The catalogue built from the files shipped in data/bundled/ (Erdős database + formal-conjectures; no
 * erdosproblems.com statements): what a default first start loads and `import -- catalogue --bundled` re-imports.
 */
export function readBundledCatalogue(): CatalogueProblem[] {
  const manifest = readBundledManifest();
  return buildCatalogue({
    erdos: parseErdosYaml(readBundledText("erdosProblems", manifest), bundledFilePath("erdosProblems", manifest)),
    erdosSite: null,
    formal: parseFormalConjectures(
      readBundledText("formalConjectures", manifest),
      bundledFilePath("formalConjectures", manifest),
    ),
  });
}

/** The file's text (gunzipped when the name ends in .gz), or null when no path is given; an unreadable file is a typed error naming it. */
async function readInput(filePath: string | null | undefined): Promise<string | null> {
  if (!filePath) return null;
  try {
    const bytes = await readFile(filePath);
    return (filePath.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new CatalogueImportError("UNREADABLE_FILE", { fileName: filePath }, `cannot read the file (${reason})`);
  }
}
