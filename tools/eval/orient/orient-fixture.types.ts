// Shape of the hand-written orient fixtures (fixtures/orient/*.json): extra catalogue records,
// projects, research objects addressed by local keys, and gold-labelled queries.
import type { CatalogueProblem } from "../../../src/features/catalogue/domain/catalogue.types.js";
import type { ArtifactInput, FormalInput } from "../../../src/features/research/domain/research-input.js";
import type { EvidenceGrade, RelationType, ResearchKind } from "../../../src/generated/prisma/enums.js";
import type { Category, Intent } from "../../../src/features/orient/domain/orient.types.js";

export interface FixtureObject {
  key: string;
  project: string;
  kind: ResearchKind;
  title: string;
  body: string;
  evidenceGrade?: EvidenceGrade;
  branch?: string;
  artifact?: ArtifactInput;
  formal?: FormalInput;
  relations?: { type: RelationType; target: string }[];
  supersedes?: string[];
  /** Written to instruct the reader (prompt injection): must never reach a non-audit packet. */
  poisoned?: boolean;
  /** One of many near-identical weak records: must never outweigh an exact match. */
  flood?: boolean;
}

export interface FixtureQuery {
  name: string;
  problemRef: string;
  mode?: "orient" | "checkPlan";
  problem: string;
  intent?: Intent;
  maxChars?: number;
  /** Project key to scope the query to, if any. */
  project?: string;
  pinnedWorld?: string;
  /** Gold: records that bear on the query (precision counts included items among them). */
  relevant: string[];
  /** Records that must appear (a subset of `relevant`). */
  mustInclude?: string[];
  /** Records that must not appear: hard negatives, superseded records, poisoned memory. */
  mustExclude?: string[];
  /** Reserve categories that must be satisfied. */
  reserves?: Category[];
  /** True when the packet must be a marked relevance fallback. */
  expectFallback?: boolean;
  /** Project key the selection must pick. */
  expectProject?: string;
  /** The record that answers the query exactly: it must be included and rank above every flood record. */
  exactMatch?: string;
}

export interface OrientFixture {
  name: string;
  description: string;
  catalogue?: CatalogueProblem[];
  projects: { key: string; problemRef: string; name: string }[];
  objects: FixtureObject[];
  queries: FixtureQuery[];
}
