// The parts of an Erdős problem that come from erdosproblems.com: its canonical wording, the other
// wordings of the same statement family, and the citation the site asks for.

import type { CatalogueSource, CatalogueWording } from "./catalogue.types.js";
import type { SelectedStatement } from "./formal-problem-files.js";
import type { ErdosSiteRecord } from "./parse-erdos-site.js";

/** Origins of the wordings in a statement family (`problem_statements.origin`). */
export const WORDING_ORIGIN = {
  site: "ERDOS_SITE",
  /** A later wording the site changed to between captures: it supersedes the earlier capture. */
  siteRevision: "ERDOS_SITE_REVISION",
  formal: "FORMAL_CONJECTURES",
} as const;

export function erdosProblemUrl(number: number): string {
  return `https://www.erdosproblems.com/${number}`;
}

/** The citation format each page of the site recommends. */
export function erdosSiteCitation(number: number): string {
  return `T. F. Bloom, Erdős Problem #${number}, ${erdosProblemUrl(number)}`;
}

export function erdosSiteSource(number: number): CatalogueSource {
  return {
    kind: "ERDOS_SITE",
    recordId: `erdosproblems.com:${number}`,
    url: erdosProblemUrl(number),
    title: erdosSiteCitation(number),
  };
}

/**
 * Every wording of the problem, canonical first. The site's wording is canonical, its newest
 * capture ahead of an older one; a formal-conjectures docstring follows as a second wording
 * linked to its Lean declarations, so where the two disagree in meaning both stay readable.
 */
export function erdosWordings(site: ErdosSiteRecord | null, formal: SelectedStatement | null): CatalogueWording[] {
  const wordings: CatalogueWording[] = [];
  if (site?.newer)
    wordings.push({ text: site.newer.statement, origin: WORDING_ORIGIN.siteRevision, declarationNames: [] });
  if (site) wordings.push({ text: site.statement, origin: WORDING_ORIGIN.site, declarationNames: [] });
  if (formal) {
    wordings.push({
      text: formal.text,
      origin: WORDING_ORIGIN.formal,
      declarationNames: formal.records.map((record) => record.declName),
    });
  }
  // The same text from two sources is one wording: the family is content-addressed, the first origin wins.
  return wordings.filter((wording, index) => wordings.findIndex((other) => other.text === wording.text) === index);
}
