// Runs a loaded fixture's gold queries through the orchestrator and scores each packet against its
// labels: included ids, relevant hits per kind, reserves, must-include/exclude and fallback checks.
import { DEFAULT_MAX_CHARS, DEFAULT_PLAN_MAX_CHARS } from "../../../src/features/orient/domain/orient.constants.js";
import {
  runOrient,
  type OrientOutcome,
  type OrientService,
} from "../../../src/features/orient/queries/orient.service.js";
import type { LoadedFixture } from "./load-orient-fixture.js";
import type { FixtureQuery, OrientFixture } from "./orient-fixture.types.js";
import { AUDIT_INTENTS } from "../../../src/features/orient/domain/actionability.js";

export interface QueryResult {
  fixture: string;
  query: FixtureQuery;
  outcome: OrientOutcome;
  includedKeys: string[];
  /** Included plus near-duplicates folded into an included item (reachable by drill-down). */
  coveredKeys: string[];
  failures: string[];
}

export async function runFixtureQueries(
  orient: OrientService,
  fixture: OrientFixture,
  loaded: LoadedFixture,
  operatorId: string | null,
): Promise<QueryResult[]> {
  const results: QueryResult[] = [];
  for (const query of fixture.queries) {
    const mode = query.mode ?? "orient";
    const outcome = await runOrient(orient, {
      mode,
      problemRef: query.problemRef,
      text: query.problem,
      intent: query.intent ?? "ORIENT",
      maxChars: query.maxChars ?? (mode === "checkPlan" ? DEFAULT_PLAN_MAX_CHARS : DEFAULT_MAX_CHARS),
      projectId: query.project ? loaded.projects.get(query.project)! : null,
      pinnedWorld: query.pinnedWorld ?? null,
      operatorId,
    });
    const includedKeys = outcome.packet.items.map((item) => loaded.keysById.get(item.id) ?? item.id);
    const keyByAccession = new Map([...loaded.objects].map(([key, object]) => [object.accession, key]));
    const coveredKeys = [
      ...includedKeys,
      ...outcome.packet.items.flatMap((item) =>
        item.duplicates.map((accession) => keyByAccession.get(accession) ?? accession),
      ),
    ];
    results.push({
      fixture: fixture.name,
      query,
      outcome,
      includedKeys,
      coveredKeys,
      failures: [...checkQuery(query, outcome, includedKeys, loaded), ...checkTrust(fixture, query, includedKeys)],
    });
  }
  return results;
}

export function checkQuery(
  query: FixtureQuery,
  outcome: OrientOutcome,
  includedKeys: string[],
  loaded: LoadedFixture,
): string[] {
  const failures: string[] = [];
  for (const key of query.mustInclude ?? []) if (!includedKeys.includes(key)) failures.push(`missing ${key}`);
  for (const key of query.mustExclude ?? []) if (includedKeys.includes(key)) failures.push(`included excluded ${key}`);
  for (const category of query.reserves ?? []) {
    if (!outcome.packet.reserves.some((reserve) => reserve.category === category && reserve.satisfied))
      failures.push(`reserve ${category} unsatisfied`);
  }
  if ((query.expectFallback ?? false) !== outcome.packet.fallback)
    failures.push(`fallback ${outcome.packet.fallback}, expected ${query.expectFallback ?? false}`);
  if (query.expectProject && outcome.composition.selection.projectId !== loaded.projects.get(query.expectProject))
    failures.push(`selected another project than ${query.expectProject}`);
  if (outcome.packet.chars > outcome.packet.maxChars || outcome.packet.serialized.length !== outcome.packet.chars)
    failures.push("packet over budget");
  return failures;
}

/** The keys of the fixture's poisoned and flood records. */
export function trustKeys(fixture: OrientFixture): { poisoned: Set<string>; flood: Set<string> } {
  return {
    poisoned: new Set(fixture.objects.filter((object) => object.poisoned).map((object) => object.key)),
    flood: new Set(fixture.objects.filter((object) => object.flood).map((object) => object.key)),
  };
}

/** How many flood records the packet ranks above the exact match (null when the exact match is missing). */
export function floodAbove(
  exactMatch: string,
  includedKeys: readonly string[],
  flood: ReadonlySet<string>,
): number | null {
  const position = includedKeys.indexOf(exactMatch);
  return position < 0 ? null : includedKeys.slice(0, position).filter((key) => flood.has(key)).length;
}

/** Poisoned records stay out of every non-audit packet; a flood never outranks the exact match. */
export function checkTrust(fixture: OrientFixture, query: FixtureQuery, includedKeys: readonly string[]): string[] {
  const { poisoned, flood } = trustKeys(fixture);
  const failures: string[] = [];
  if (!AUDIT_INTENTS.includes(query.intent ?? "ORIENT"))
    for (const key of includedKeys) if (poisoned.has(key)) failures.push(`poisoned ${key} reached the packet`);
  if (query.exactMatch) {
    const above = floodAbove(query.exactMatch, includedKeys, flood);
    if (above === null) failures.push(`exact match ${query.exactMatch} missing`);
    else if (above > 0) failures.push(`${above} flood record(s) outrank exact match ${query.exactMatch}`);
  }
  return failures;
}
