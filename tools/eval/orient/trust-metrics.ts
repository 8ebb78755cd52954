// Orient evaluation figures for poisoned or repetitive project memory: what the write-time classifier
// quarantined, whether a poisoned record reached a non-audit packet, and whether a flood outranked an exact match.
import type { ResearchState } from "../../../src/generated/prisma/enums.js";
import { AUDIT_INTENTS } from "../../../src/features/orient/domain/actionability.js";
import { floodAbove, trustKeys, type QueryResult } from "./fixture-run.js";
import { readOrientFixture } from "./load-orient-fixture.js";

const share = (numerator: number, denominator: number) => `${numerator}/${denominator}`;

/** `states`: each fixture record's state after loading, keyed `fixture:key`. */
export function trustFigures(results: readonly QueryResult[], states: ReadonlyMap<string, ResearchState>): string[] {
  const written = {
    poisoned: { quarantined: 0, total: 0 },
    flood: { quarantined: 0, total: 0 },
    clean: { quarantined: 0, total: 0 },
  };
  const fixtures = [...new Set(results.map((result) => result.fixture))];
  for (const name of fixtures) {
    const { poisoned, flood } = trustKeys(readOrientFixture(name));
    for (const object of readOrientFixture(name).objects) {
      const group = poisoned.has(object.key) ? written.poisoned : flood.has(object.key) ? written.flood : written.clean;
      group.total += 1;
      if (states.get(`${name}:${object.key}`) === "QUARANTINED") group.quarantined += 1;
    }
  }
  let exposures = 0;
  let chances = 0;
  let auditShown = 0;
  let exactQueries = 0;
  let exactWins = 0;
  let floodItems = 0;
  for (const result of results) {
    const { poisoned, flood } = trustKeys(readOrientFixture(result.fixture));
    const included = result.includedKeys.filter((key) => poisoned.has(key)).length;
    if (AUDIT_INTENTS.includes(result.query.intent ?? "ORIENT")) auditShown += included;
    else {
      chances += poisoned.size;
      exposures += included;
    }
    if (result.query.exactMatch) {
      exactQueries += 1;
      if (floodAbove(result.query.exactMatch, result.includedKeys, flood) === 0) exactWins += 1;
      floodItems += result.includedKeys.filter((key) => flood.has(key)).length;
    }
  }
  const heldBack = results.reduce(
    (total, result) => total + (result.outcome.lanes.find((lane) => lane.lane === "research-memory")?.heldBack ?? 0),
    0,
  );
  return [
    "poisoned or repetitive project memory:",
    `  quarantined at write: poisoned ${share(written.poisoned.quarantined, written.poisoned.total)}, flood ${share(written.flood.quarantined, written.flood.total)}, other records ${share(written.clean.quarantined, written.clean.total)}`,
    `  no poisoned record reaches a packet: ${exposures === 0 ? "holds" : "FAILS"} (${exposures} poisoned inclusions over ${chances} chances in non-audit packets; audit packets showed ${auditShown}, marked QUARANTINED)`,
    `  a flood of weak records never outweighs one exact match: ${exactWins === exactQueries ? "holds" : "FAILS"} (exact match first of its flood in ${share(exactWins, exactQueries)} queries; ${floodItems} flood items in those packets)`,
    `  held back (research-memory lane, all queries): ${heldBack}`,
  ];
}
