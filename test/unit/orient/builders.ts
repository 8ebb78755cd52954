// Builders of plain orient-stage inputs (records, pooled and scored candidates, packet items) for unit
// tests: every field has a valid default and can be overridden.
import type {
  CandidateRecord,
  PacketItem,
  PooledCandidate,
  ScoredCandidate,
} from "../../../src/features/orient/domain/orient.types.js";
import { tokenize } from "../../../src/text/normalize.js";
import { categoryOf } from "../../../src/features/orient/domain/intent-policy.js";
import { seededRandom } from "../../../src/platform/lib/seeded-random.js";
export { seededRandom };

let counter = 0;

function counts(text: string): Record<string, number> {
  const map: Record<string, number> = {};
  for (const token of tokenize(text)) map[token] = (map[token] ?? 0) + 1;
  return map;
}

/** `bodyPrefix` only feeds the default token counts: record texts are read after selection. */
export function buildRecord({
  bodyPrefix,
  ...overrides
}: Partial<CandidateRecord> & { bodyPrefix?: string } = {}): CandidateRecord {
  counter += 1;
  const title = overrides.title ?? `Record ${counter}`;
  const body = bodyPrefix ?? `Body of record ${counter}.`;
  const fields = overrides.fields ?? { title: counts(title), body: counts(body) };
  const length = Object.values(fields).reduce(
    (total, field) => total + Object.values(field).reduce((a, b) => a + b, 0),
    0,
  );
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    accession: counter,
    projectId: "project-a",
    kind: "CLAIM",
    title,
    evidenceGrade: "ARGUED",
    state: "CURRENT",
    branchName: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)),
    fields,
    length,
    ...overrides,
  };
}

export function pooled(record: CandidateRecord, extra: Partial<PooledCandidate> = {}): PooledCandidate {
  return { record, sources: new Set(["sparse"]), viaBranches: [], viaEdges: [], ...extra };
}

export function scored(record: CandidateRecord, score: number, extra: Partial<ScoredCandidate> = {}): ScoredCandidate {
  return {
    ...pooled(record),
    relevance: score,
    coverage: score > 0 ? 0.5 : 0,
    matchedTerms: score > 0 ? ["term"] : [],
    score,
    category: categoryOf(record.kind, record.evidenceGrade),
    reason: "test",
    ...extra,
  };
}

export function buildItem(overrides: Partial<PacketItem> = {}): PacketItem {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    accession: `R${counter}`,
    kind: "CLAIM",
    category: "ESTABLISHED_RESULT",
    evidenceGrade: "REPRODUCED",
    state: "CURRENT",
    reason: "matches term",
    text: `Item ${counter}`,
    score: 1,
    projectId: "project-a",
    branch: null,
    reserved: false,
    duplicates: [],
    relations: [],
    replay: null,
    ...overrides,
  };
}
