// Builds one canonical problem per research file of the non-Erdős formal-conjectures collections
// (Wikipedia, OEIS, Arxiv, ...). Files without a research theorem are not problems and yield null.

import type { CatalogueProblem, CatalogueSource } from "./catalogue.types.js";
import {
  definitionsOf,
  formalFileSource,
  formalFileUrl,
  hasFormalizedSolution,
  isResearchProposition,
  resolutionFromCategories,
  selectStatement,
  sortByPosition,
  subjectTagsOf,
  toFormalDeclaration,
} from "./formal-problem-files.js";
import type { FormalConjectureRecord } from "./parse-formal-conjectures.js";

const LEAN_EXTENSION = /\.lean$/;
const NUMERIC_STEM = /^\d+$/;
/** Lean names such as `conjecture` or `conjecture1_2` recur across files, so they identify nothing. */
const GENERIC_THEOREM_NAME = /^(conjecture|theorem|problem|question|main|statement|claim)[\d_]*$/i;

/** `file` is e.g. "FormalConjectures/Wikipedia/GoldbachConjecture.lean"; `records` are all its declarations. */
export function buildCollectionProblem(file: string, fileRecords: FormalConjectureRecord[]): CatalogueProblem | null {
  const records = sortByPosition(fileRecords);
  const research = records.filter(isResearchProposition);
  const first = records[0];
  if (!first || research.length === 0) return null;
  const collection = first.collection.toLowerCase();
  const stemPath = file.split("/").slice(2).join("/").replace(LEAN_EXTENSION, "");
  const selected = selectStatement(records);
  const statementRecords = selected?.records ?? research.slice(0, 1);
  const title = first.fileTitle ?? humanise(stemPath.split("/").at(-1) ?? stemPath);
  const oeisId = collection === "oeis" && NUMERIC_STEM.test(stemPath) ? `A${stemPath.padStart(6, "0")}` : null;
  return {
    stableId: `cp:${collection}:${stemPath.toLowerCase()}`,
    collection,
    number: null,
    slug: slugify(`${collection}-${stemPath}`),
    title,
    statement: selected?.text ?? null,
    definitions: definitionsOf(records),
    tags: subjectTagsOf(records),
    prize: null,
    oeisIds: oeisId ? [oeisId] : [],
    comments: null,
    remarks: null,
    resolutionState: resolutionFromCategories(statementRecords),
    resolutionNote: null,
    formalizedSolution: hasFormalizedSolution(statementRecords),
    publicationState: selected ? "PUBLISHED" : "CATALOGUED",
    sourceUpdatedAt: null,
    acceptanceConditions: null,
    aliases: [
      ...new Set([
        first.fileTitle,
        oeisId,
        ...statementRecords.map((record) => record.shortName).filter(isDistinctive),
      ]),
    ].filter((alias): alias is string => alias !== null && alias.trim() !== ""),
    sources: collectionSources(file, first.fileTitle, statementRecords),
    wordings: [],
    formalDeclarations: records.map(toFormalDeclaration),
  };
}

/** Lower-case, hyphen-separated, camelCase split: "Arxiv/0911.2077/Conjecture6_3" → "arxiv-0911-2077-conjecture6-3". */
export function slugify(text: string): string {
  return text
    .replace(/([a-z\d])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function isDistinctive(shortName: string): boolean {
  return !GENERIC_THEOREM_NAME.test(shortName.split(".").at(-1) ?? shortName);
}

function humanise(stem: string): string {
  return stem
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim();
}

function collectionSources(
  file: string,
  fileTitle: string | null,
  statementRecords: FormalConjectureRecord[],
): CatalogueSource[] {
  const fileUrl = formalFileUrl(file);
  const urls = [...new Set(statementRecords.flatMap((record) => record.sourceUrls))].filter((url) => url !== fileUrl);
  return [
    formalFileSource(file, fileTitle),
    ...urls.map((url): CatalogueSource => ({ kind: "URL", recordId: url, url, title: null })),
  ];
}
