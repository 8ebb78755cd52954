// Plain data shared by the orient stages: intents, categories, candidates and packet items.
// Stages take and return these values only, so each one is a pure function testable without a database.
import type { EvidenceGrade, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";

export const INTENTS = [
  "ORIENT",
  "COMPUTE",
  "FORMALIZE",
  "VERIFY",
  "PROVE",
  "RESOLVE",
  "BOUNTY",
  "SOURCE_AUDIT",
  "CORRECTION",
] as const;
export type Intent = (typeof INTENTS)[number];

export const CATEGORIES = [
  "ESTABLISHED_RESULT",
  "UNVERIFIED_CLAIM",
  "PRIOR_ATTEMPT",
  "NEGATIVE_TRACE",
  "ARTIFACT",
  "FORMALIZATION",
  "OPEN_QUESTION",
] as const;
export type Category = (typeof CATEGORIES)[number];

export type FieldCounts = Record<string, Record<string, number>>;

/** One research record as the stages see it (loaded by the thin DB layer, bounded in size). */
export interface CandidateRecord {
  id: string;
  accession: number;
  projectId: string;
  kind: ResearchKind;
  title: string;
  evidenceGrade: EvidenceGrade;
  state: ResearchState;
  branchName: string | null;
  createdAt: Date;
  /** Token counts per field from the research-memory sparse view. */
  fields: FieldCounts;
  length: number;
  /** Distinct terms across fields when the loader knows it (computed once per record); else derived from `fields`. */
  distinctTerms?: number;
}

/**
 * The wide columns of a record, read only for the few records a packet includes (after selection):
 * ranking needs none of them, and reading them for the whole pool dominated the request.
 */
export interface ItemText {
  /** A bounded prefix of the body: packets never carry whole records. */
  bodyPrefix: string;
  replay: Record<string, string> | null;
}

export type CandidateSource = "sparse" | "branch" | "graph" | "proof-exact" | "proof-structural";

export interface RelationEdge {
  fromId: string;
  toId: string;
  type: string;
}

/** A candidate after the union: where it came from, before scoring. */
export interface PooledCandidate {
  record: CandidateRecord;
  sources: Set<CandidateSource>;
  /** Selected branch names it was reached through. */
  viaBranches: string[];
  /** Graph seeds it neighbours, with the relation type. */
  viaEdges: { seedId: string; type: string }[];
}

export interface ScoredCandidate extends PooledCandidate {
  relevance: number;
  coverage: number;
  matchedTerms: string[];
  score: number;
  category: Category;
  reason: string;
}

export interface PacketItem {
  id: string;
  accession: string;
  kind: ResearchKind;
  category: Category;
  evidenceGrade: EvidenceGrade;
  state: ResearchState;
  reason: string;
  text: string;
  score: number;
  projectId: string;
  branch: string | null;
  reserved: boolean;
  /** Ids of near-duplicates folded into this item (drill-down instead of repetition). */
  duplicates: string[];
  /** Relations to other packet items that keep disagreements visible. */
  relations: { type: string; to: string }[];
  replay: Record<string, string> | null;
}
