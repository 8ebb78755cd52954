// Merges the Erdős database and the formal-conjectures extract into one deterministic list of
// canonical problems: Erdős problems by number, then the other collections by stable id.

import { buildCollectionProblem } from "./build-collection-problems.js";
import { buildErdosProblem } from "./build-erdos-problems.js";
import type { CatalogueProblem } from "./catalogue.types.js";
import type { ErdosSiteRecord } from "./parse-erdos-site.js";
import type { ErdosDatabaseEntry } from "./parse-erdos-yaml.js";
import type { FormalConjectureRecord } from "./parse-formal-conjectures.js";

export interface CatalogueInputs {
  /** Parsed `problems.yaml`; absent means Erdős problems come from their formal files alone. */
  erdos?: ErdosDatabaseEntry[] | null;
  /** Parsed erdosproblems.com `statements.jsonl`: the canonical wording and remarks of each Erdős problem. */
  erdosSite?: ErdosSiteRecord[] | null;
  /** Parsed `statements.jsonl`; absent means no statements and no other collections. */
  formal?: FormalConjectureRecord[] | null;
}

/** Only files under this root are problems; `FormalConjecturesForMathlib/` holds library helpers. */
const PROBLEM_ROOT = "FormalConjectures/";
const ERDOS_COLLECTION = "ErdosProblems";

export function buildCatalogue({ erdos, erdosSite, formal }: CatalogueInputs): CatalogueProblem[] {
  const entriesByNumber = new Map((erdos ?? []).map((entry) => [entry.number, entry]));
  const siteByNumber = new Map((erdosSite ?? []).map((record) => [record.number, record]));
  const erdosRecords = new Map<number, FormalConjectureRecord[]>();
  const otherFiles = new Map<string, FormalConjectureRecord[]>();
  for (const record of formal ?? []) {
    if (!record.file.startsWith(PROBLEM_ROOT)) continue;
    if (record.collection === ERDOS_COLLECTION && record.erdosNumber !== null) {
      appendTo(erdosRecords, record.erdosNumber, record);
    } else if (record.collection !== ERDOS_COLLECTION) {
      appendTo(otherFiles, record.file, record);
    }
  }
  const numbers = [...new Set([...entriesByNumber.keys(), ...siteByNumber.keys(), ...erdosRecords.keys()])].sort(
    (a, b) => a - b,
  );
  const erdosProblems = numbers.map((number) =>
    buildErdosProblem(number, {
      entry: entriesByNumber.get(number) ?? null,
      site: siteByNumber.get(number) ?? null,
      formalRecords: erdosRecords.get(number) ?? [],
    }),
  );
  const otherProblems = [...otherFiles.keys()]
    .sort()
    .map((file) => buildCollectionProblem(file, otherFiles.get(file) ?? []))
    .filter((problem): problem is CatalogueProblem => problem !== null)
    .sort((a, b) => compareText(a.stableId, b.stableId));
  return disambiguate([...erdosProblems, ...otherProblems]);
}

/**
 * Gives every problem a unique stable id and slug: the first holder (in output order) keeps the
 * plain value, later ones get "-2", "-3", ... Output order is deterministic, so suffixes are too.
 */
function disambiguate(problems: CatalogueProblem[]): CatalogueProblem[] {
  const stableIds = new Set<string>();
  const slugs = new Set<string>();
  return problems.map((problem) => {
    const stableId = claim(stableIds, problem.stableId);
    const slug = claim(slugs, problem.slug);
    return stableId === problem.stableId && slug === problem.slug ? problem : { ...problem, stableId, slug };
  });
}

function claim(taken: Set<string>, wanted: string): string {
  let candidate = wanted;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${wanted}-${suffix}`;
  taken.add(candidate);
  return candidate;
}

function appendTo<K>(map: Map<K, FormalConjectureRecord[]>, key: K, record: FormalConjectureRecord): void {
  const list = map.get(key);
  if (list) list.push(record);
  else map.set(key, [record]);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
