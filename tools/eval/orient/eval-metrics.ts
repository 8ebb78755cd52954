// Orient evaluation figures from scored fixture queries: context coverage by record type, reserve
// satisfaction, precision of included items and the packet size distribution against the budget.
import type { QueryResult } from "./fixture-run.js";
import { readOrientFixture } from "./load-orient-fixture.js";
import { percentile } from "../../../src/platform/lib/percentile.js";

const pct = (numerator: number, denominator: number) =>
  denominator === 0 ? "n/a" : `${((100 * numerator) / denominator).toFixed(1)}% (${numerator}/${denominator})`;

export function summarise(results: readonly QueryResult[]): string[] {
  const kinds = new Map<string, { relevant: number; included: number }>();
  const kindOf = new Map<string, string>();
  for (const fixture of new Set(results.map((result) => result.fixture))) {
    for (const object of readOrientFixture(fixture).objects) kindOf.set(`${fixture}:${object.key}`, object.kind);
  }
  let reservesAsked = 0;
  let reservesMet = 0;
  let included = 0;
  let includedRelevant = 0;
  const sizes: { chars: number; max: number }[] = [];
  const lines: string[] = [];
  for (const result of results) {
    const relevant = new Set(result.query.relevant);
    for (const key of relevant) {
      const kind = kindOf.get(`${result.fixture}:${key}`) ?? "UNKNOWN";
      const entry = kinds.get(kind) ?? { relevant: 0, included: 0 };
      entry.relevant += 1;
      if (result.coveredKeys.includes(key)) entry.included += 1;
      kinds.set(kind, entry);
    }
    for (const category of result.query.reserves ?? []) {
      reservesAsked += 1;
      if (result.outcome.packet.reserves.some((reserve) => reserve.category === category && reserve.satisfied))
        reservesMet += 1;
    }
    if (!result.outcome.packet.fallback) {
      included += result.includedKeys.length;
      includedRelevant += result.includedKeys.filter((key) => relevant.has(key)).length;
    }
    sizes.push({ chars: result.outcome.packet.chars, max: result.outcome.packet.maxChars });
    lines.push(
      `  ${result.fixture}/${result.query.name}: ${result.includedKeys.length} items, ${result.outcome.packet.chars}/${result.outcome.packet.maxChars} chars${result.outcome.packet.fallback ? ", RELEVANCE_FALLBACK" : ""}${result.failures.length ? `  FAIL ${result.failures.join("; ")}` : "  ok"}`,
    );
  }
  const chars = sizes.map((size) => size.chars).sort((left, right) => left - right);
  const ratios = sizes.map((size) => size.chars / size.max).sort((left, right) => left - right);
  return [
    ...lines,
    "context coverage by record type (relevant records included, or folded into an included near-duplicate):",
    ...[...kinds]
      .sort(([left], [right]) => (left < right ? -1 : 1))
      .map(([kind, entry]) => `  ${kind.padEnd(15)} ${pct(entry.included, entry.relevant)}`),
    `reserve satisfaction: ${pct(reservesMet, reservesAsked)}`,
    `precision of included items (non-fallback packets): ${pct(includedRelevant, included)}`,
    `packet size: min ${chars[0] ?? 0} p50 ${percentile(chars, 0.5)} max ${chars.at(-1) ?? 0} chars; share of budget min ${(ratios[0] ?? 0).toFixed(2)} p50 ${percentile(ratios, 0.5).toFixed(2)} max ${(ratios.at(-1) ?? 0).toFixed(2)}; over budget: ${sizes.filter((size) => size.chars > size.max).length}`,
    `queries: ${results.length}, failing gold checks: ${results.filter((result) => result.failures.length > 0).length}`,
  ];
}
