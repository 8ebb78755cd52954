// Builds the canonical record of one Erdős problem from its database row, the site's page and the
// declarations of its formal-conjectures file. Any may be missing; without a statement it is only catalogued.

import type { CatalogueProblem, CatalogueSource } from "./catalogue.types.js";
import {
  definitionsOf,
  formalFileSource,
  hasFormalizedSolution,
  resolutionFromCategories,
  selectStatement,
  sortByPosition,
  subjectTagsOf,
  toFormalDeclaration,
} from "./formal-problem-files.js";
import { erdosProblemUrl, erdosSiteSource, erdosWordings } from "./erdos-site-statements.js";
import type { ErdosSiteRecord } from "./parse-erdos-site.js";
import type { ErdosDatabaseEntry } from "./parse-erdos-yaml.js";
import type { FormalConjectureRecord } from "./parse-formal-conjectures.js";

/** `comments` values that are editorial remarks rather than the usual name of the problem. */
const EDITORIAL_COMMENT = /^(ambiguous|duplicate|see |note|unclear|typo|misstated)/i;
/** Separators between "Erdős Problem N" and a subtitle in formal-conjectures file headings. */
const TITLE_PREFIX = /^Erdős Problem\s+\d+\s*(?::|--|—|–|-)\s*/u;

/** What is known of one Erdős number; any part may be absent. */
export interface ErdosProblemInputs {
  entry: ErdosDatabaseEntry | null;
  site: ErdosSiteRecord | null;
  formalRecords: FormalConjectureRecord[];
}

export function buildErdosProblem(
  number: number,
  { entry, site, formalRecords }: ErdosProblemInputs,
): CatalogueProblem {
  const records = sortByPosition(formalRecords);
  const selected = selectStatement(records, `erdos_${number}`);
  const wordings = erdosWordings(site, selected);
  const statement = wordings[0]?.text ?? null;
  const usualName = entry?.comments && !EDITORIAL_COMMENT.test(entry.comments) ? entry.comments : null;
  const subtitle = fileSubtitle(records);
  const baseTitle = `Erdős Problem ${number}`;
  const displayName = usualName ?? subtitle;
  const title = displayName ? `${baseTitle}: ${displayName}` : baseTitle;
  return {
    stableId: `cp:erdos:${number}`,
    collection: "erdos",
    number,
    slug: `erdos-${number}`,
    title,
    statement,
    definitions: definitionsOf(records),
    tags: entry?.tags ?? site?.tags ?? subjectTagsOf(records),
    prize: entry?.prize ?? site?.prize ?? null,
    oeisIds: entry?.oeisIds ?? site?.oeisIds ?? [],
    comments: entry?.comments ?? null,
    remarks: site?.remarks ?? null,
    resolutionState: entry?.resolutionState ?? resolutionFromCategories(selected?.records ?? []),
    resolutionNote: entry?.resolutionNote ?? null,
    formalizedSolution: entry ? entry.formalizedSolution : hasFormalizedSolution(selected?.records ?? []),
    publicationState: statement !== null ? "PUBLISHED" : "CATALOGUED",
    sourceUpdatedAt: entry?.lastUpdate ?? null,
    acceptanceConditions: null,
    aliases: uniqueNonEmpty([usualName, subtitle]).filter((alias) => alias !== title),
    sources: erdosSources(number, entry, site, records),
    wordings,
    formalDeclarations: records.map(toFormalDeclaration),
  };
}

function erdosSources(
  number: number,
  entry: ErdosDatabaseEntry | null,
  site: ErdosSiteRecord | null,
  records: FormalConjectureRecord[],
): CatalogueSource[] {
  const sources: CatalogueSource[] = site ? [erdosSiteSource(number)] : [];
  if (entry) {
    sources.push({
      kind: "ERDOS_DATABASE",
      recordId: `erdosproblems:${number}`,
      url: erdosProblemUrl(number),
      title: `Erdős Problem ${number}`,
    });
  }
  for (const file of new Set(records.map((record) => record.file))) {
    sources.push(formalFileSource(file, records.find((record) => record.file === file)?.fileTitle ?? null));
  }
  if (entry?.formalSolutionUrl) {
    sources.push({
      kind: "URL",
      recordId: entry.formalSolutionUrl,
      url: entry.formalSolutionUrl,
      title: entry.formalSolutionNote ?? "Formalised solution",
    });
  }
  return sources;
}

/** "Maximum Density of Sidon Sets" from the heading "Erdős Problem 329: Maximum Density of Sidon Sets". */
function fileSubtitle(records: FormalConjectureRecord[]): string | null {
  const heading = records.find((record) => record.fileTitle !== null)?.fileTitle ?? null;
  if (heading === null || !TITLE_PREFIX.test(heading)) return null;
  return heading.replace(TITLE_PREFIX, "").replace(/\.$/, "").trim() || null;
}

function uniqueNonEmpty(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value.trim() !== ""))];
}
