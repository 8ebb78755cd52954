// The real-words evaluation (split `real-dev`): texts people wrote about one problem, in their own words, each with
// the stable ids that count as the right answer. Pure functions over (rows, results), like evaluation.ts, but with
// the real set's own shape: several accepted ids, an empty list for a problem the catalogue does not hold (anything
// but a MATCH is right) and null for a generic text (it should abstain).
//
// The texts themselves are read from the shared data path at run time and never copied into the repository.

import type { DiscoveryEvalResult } from "./evaluation.js";

export type RealKind = "erdos" | "other" | "generic";
export const REAL_KINDS: readonly RealKind[] = ["erdos", "other", "generic"];

export interface RealEvalRow {
  /** `real-dev-<line>`: the line number in the file (1-based), since the rows carry no id of their own. */
  id: string;
  text: string;
  kind: RealKind;
  /** Stable ids that count as right; [] = not catalogued (anything but MATCH is right); null = generic (should abstain). */
  accept: string[] | null;
  nearCopy: boolean;
  source: string;
}

/** Parses the JSONL file's text; throws naming the line for a row without text, a known kind or a valid accept. */
export function parseRealRows(text: string, idPrefix = "real-dev"): RealEvalRow[] {
  const rows: RealEvalRow[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const raw = JSON.parse(line) as Record<string, unknown>;
    const where = `line ${index + 1}`;
    if (typeof raw.text !== "string" || raw.text.trim() === "") throw new Error(`${where}: no text`);
    if (!REAL_KINDS.includes(raw.kind as RealKind))
      throw new Error(`${where}: kind must be one of ${REAL_KINDS.join(", ")}`);
    const accept = raw.accept;
    if (accept !== null && !(Array.isArray(accept) && accept.every((id) => typeof id === "string")))
      throw new Error(`${where}: accept must be a list of stable ids or null`);
    rows.push({
      id: `${idPrefix}-${index + 1}`,
      text: raw.text,
      kind: raw.kind as RealKind,
      accept: accept as string[] | null,
      nearCopy: raw.near_copy === true,
      source: typeof raw.source === "string" ? raw.source : "",
    });
  });
  return rows;
}

export interface RealMiss {
  rowId: string;
  kind: RealKind;
  accept: string[] | null;
  outcome: string;
  got: string;
  /** 1-based rank of the best-placed accepted id in the returned list; null when none is listed. */
  rank: number | null;
  /** Why it counts as a miss: not first (catalogued), a wrong MATCH, or no abstention (generic). */
  why: "not-first" | "wrong-match" | "no-abstention";
}

export interface RealGroupMetrics {
  rows: number;
  /** Rows whose target is catalogued (accept non-empty). */
  catalogued: number;
  /** Committed (MATCH or AMBIGUOUS) with an accepted id first, over catalogued rows. */
  precisionAt1: number | null;
  /** An accepted id first whatever the outcome, over catalogued rows. */
  top1: number | null;
  /** An accepted id in the first five, over catalogued rows. */
  recallAt5: number | null;
  /** MATCH outcomes whose first candidate is not accepted (including accept = [], excluding generic rows). */
  wrongMatches: number;
  /** Generic rows (accept null), and the share of them that abstained. */
  generic: number;
  genericAbstention: number | null;
  /** MATCH outcomes on generic rows. */
  genericMatches: number;
}

export interface RealMetrics {
  all: RealGroupMetrics;
  nearCopy: RealGroupMetrics;
  notNearCopy: RealGroupMetrics;
  byKind: Record<RealKind, RealGroupMetrics>;
  misses: RealMiss[];
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** 1-based rank of the first accepted id in `rankedIds`, or null. */
export function acceptedRank(rankedIds: readonly string[], accept: readonly string[]): number | null {
  const index = rankedIds.findIndex((id) => accept.includes(id));
  return index < 0 ? null : index + 1;
}

function groupMetrics(
  rows: readonly RealEvalRow[],
  byId: ReadonlyMap<string, DiscoveryEvalResult>,
  misses?: RealMiss[],
): RealGroupMetrics {
  let catalogued = 0,
    hits = 0,
    firsts = 0,
    recalled = 0,
    wrongMatches = 0,
    generic = 0,
    abstained = 0,
    genericMatches = 0;
  for (const row of rows) {
    const result = byId.get(row.id);
    if (result === undefined) throw new Error(`no result for real eval row ${row.id}`);
    const top = result.rankedIds[0] ?? "-";
    const outcome = `${result.outcome}${result.abstentionReason ? `/${result.abstentionReason}` : ""}`;
    const miss = (why: RealMiss["why"], rank: number | null) =>
      misses?.push({ rowId: row.id, kind: row.kind, accept: row.accept, outcome, got: top, rank, why });
    if (row.accept === null) {
      generic += 1;
      if (result.outcome === "ABSTAINED") abstained += 1;
      else miss("no-abstention", null);
      if (result.outcome === "MATCH") genericMatches += 1;
      continue;
    }
    const rank = acceptedRank(result.rankedIds, row.accept);
    const wrongMatch = result.outcome === "MATCH" && !row.accept.includes(top);
    if (wrongMatch) wrongMatches += 1;
    if (row.accept.length === 0) {
      if (wrongMatch) miss("wrong-match", null);
      continue;
    }
    catalogued += 1;
    if (rank === 1) firsts += 1;
    if (rank === 1 && result.outcome !== "ABSTAINED") hits += 1;
    if (rank !== null && rank <= 5) recalled += 1;
    if (wrongMatch) miss("wrong-match", rank);
    else if (rank !== 1 || result.outcome === "ABSTAINED") miss("not-first", rank);
  }
  return {
    rows: rows.length,
    catalogued,
    precisionAt1: ratio(hits, catalogued),
    top1: ratio(firsts, catalogued),
    recallAt5: ratio(recalled, catalogued),
    wrongMatches,
    generic,
    genericAbstention: ratio(abstained, generic),
    genericMatches,
  };
}

export function computeRealMetrics(rows: readonly RealEvalRow[], results: readonly DiscoveryEvalResult[]): RealMetrics {
  const byId = new Map(results.map((result) => [result.rowId, result]));
  const misses: RealMiss[] = [];
  const all = groupMetrics(rows, byId, misses);
  const byKind = Object.fromEntries(
    REAL_KINDS.map((kind) => [
      kind,
      groupMetrics(
        rows.filter((row) => row.kind === kind),
        byId,
      ),
    ]),
  ) as Record<RealKind, RealGroupMetrics>;
  return {
    all,
    nearCopy: groupMetrics(
      rows.filter((row) => row.nearCopy),
      byId,
    ),
    notNearCopy: groupMetrics(
      rows.filter((row) => !row.nearCopy),
      byId,
    ),
    byKind,
    misses,
  };
}

function show(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(3);
}

/** One line for a group: catalogued rows' P@1/top1/R@5, wrong MATCHes, generic abstention. */
export function formatRealGroup(label: string, metrics: RealGroupMetrics): string {
  return (
    `${label.padEnd(16)} rows=${metrics.rows} catalogued=${metrics.catalogued} P@1=${show(metrics.precisionAt1)} top1=${show(metrics.top1)} ` +
    `R@5=${show(metrics.recallAt5)} wrongMATCH=${metrics.wrongMatches} generic=${metrics.generic} abstain=${show(metrics.genericAbstention)} genericMATCH=${metrics.genericMatches}`
  );
}

/** Shortens a text to `width` characters on one line, for the terminal only. */
export function truncateForTerminal(text: string, width = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}

/** The report lines for `real-dev`; with `verbose`, every miss with the accepted id's rank and the text truncated. */
export function realReportLines(
  split: string,
  rows: readonly RealEvalRow[],
  metrics: RealMetrics,
  verbose: boolean,
): string[] {
  const lines = [
    formatRealGroup(split, metrics.all),
    formatRealGroup(`  near_copy`, metrics.nearCopy),
    formatRealGroup(`  own words`, metrics.notNearCopy),
    ...REAL_KINDS.map((kind) => formatRealGroup(`  kind=${kind}`, metrics.byKind[kind])),
  ];
  if (!verbose) return lines;
  const textOf = new Map(rows.map((row) => [row.id, row.text]));
  for (const miss of metrics.misses) {
    const expected =
      miss.accept === null ? "abstain" : miss.accept.length === 0 ? "not catalogued (no MATCH)" : miss.accept.join("|");
    lines.push(
      `  MISS ${miss.rowId} [${miss.kind}] ${miss.why}: expected ${expected}, got ${miss.got} (${miss.outcome}) rank=${miss.rank ?? "-"}`,
    );
    lines.push(`       "${truncateForTerminal(textOf.get(miss.rowId) ?? "")}"`);
  }
  return lines;
}
