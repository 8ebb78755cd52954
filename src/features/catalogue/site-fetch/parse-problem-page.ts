// Reads one erdosproblems.com problem page into a row of the site-statements JSONL format (the one
// `parse-erdos-site.ts` imports). Tolerant by design: only the statement is required.

import { byClass, byId, firstElement, htmlToText, linksOf } from "./html-text.js";

/** One line of the site-statements file, in the field names of shared/data/erdosproblems-site/README.md. */
export interface ErdosSiteRow {
  number: string;
  statement: string;
  comments: string | null;
  references: string[];
  tags: string[];
  prize: string | null;
  site_status: string | null;
  site_status_description: string | null;
  site_last_edited: string | null;
  site_formalised: string | null;
  oeis: string[];
  captured_at: string;
  source_url: string;
}

/**
 * The status words the site prints in its badge, longest first so "NOT PROVABLE" is not read as
 * "PROVED"-like text; an optional "(LEAN)" marks a result formalised in Lean.
 */
const STATUS =
  /\b(NOT DISPROVABLE|NOT PROVABLE|DISPROVED|PROVED|SOLVED|FALSIFIABLE|VERIFIABLE|DECIDABLE|INDEPENDENT|OPEN)( \(LEAN\))?\s+(This [^\n]*?\.)(?=\s|$)/;
const PRIZE = /\$\s?\d[\d,]*/;
const LAST_EDITED = /Last edited:?\s+(\d{1,2} [A-Z][a-z]+ \d{4})/;
const FORMALISED = /Formali[sz]ed statement\?\s*(Yes|No)\b/i;
/** Citation keys as the site prints them: "[Er56]", "[ErGr80,p.59]"; problem cross-references ("[350]") are not keys. */
const CITATION = /\[([A-Z][A-Za-z]*\d[^\]\n]*)\]/g;
const OEIS_LINK = /oeis\.org\/(A\d{6})\b/;
const TAG_LINK = /^\/?tags\//;

/** Null when the page holds no statement (not a problem page). */
export function parseProblemPage(
  html: string,
  number: number,
  sourceUrl: string,
  capturedAt: Date,
): ErdosSiteRow | null {
  const statementElement = firstElement(html, byId("content"), byClass("problem-text", "problem-statement"));
  const statement = statementElement ? htmlToText(statementElement.inner) : "";
  if (statement === "") return null;
  const remarksElement = firstElement(html, byClass("problem-additional-text", "problem-remarks", "remarks"));
  const remarks = remarksElement ? withoutReferenceList(htmlToText(remarksElement.inner)) : "";
  const pageText = htmlToText(html);
  const status = STATUS.exec(pageText);
  const prizeElement = firstElement(html, byClass("prize", "problem-prize"));
  const links = linksOf(html);
  return {
    number: String(number),
    statement,
    comments: remarks === "" ? null : remarks,
    references: [...new Set([...`${statement}\n${remarks}`.matchAll(CITATION)].map((match) => match[1]!))],
    tags: [
      ...new Set(
        links
          .filter((link) => TAG_LINK.test(link.href))
          .map((link) => link.text)
          .filter(Boolean),
      ),
    ],
    prize: prizeElement ? (PRIZE.exec(htmlToText(prizeElement.inner))?.[0].replace(/\s/g, "") ?? null) : null,
    site_status: status ? `${status[1]}${status[2] ?? ""}` : null,
    site_status_description: status?.[3] ?? null,
    site_last_edited: LAST_EDITED.exec(pageText)?.[1] ?? null,
    site_formalised: FORMALISED.exec(pageText)?.[1]?.toLowerCase() ?? null,
    oeis: [
      ...new Set(links.map((link) => OEIS_LINK.exec(link.href)?.[1]).filter((id): id is string => id !== undefined)),
    ],
    captured_at: capturedAt.toISOString(),
    source_url: sourceUrl,
  };
}

/** Remarks end where the page's own reference list starts; the keys are kept from the citations instead. */
function withoutReferenceList(text: string): string {
  const heading = /(?:^|\n)References[ \t]*\n/.exec(text);
  return (heading ? text.slice(0, heading.index) : text).trim();
}
