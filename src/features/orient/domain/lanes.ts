// Lane reports: per lane the candidate count, index version, freshness, score basis and abstention
// reason, so a caller can tell an empty store from a weak match, an unavailable index or a filtered record.
import type { LaneReport } from "../../discovery/domain/lane-report.js";
import type { ViewFreshness } from "../../../projections/freshness.js";
import { BM25_B, BM25_K1, FIELD_WEIGHTS } from "./orient.constants.js";

export interface LaneFacts {
  matchedBy: string;
  freshness: ViewFreshness[];
  headSequence: bigint;
  documentCount: number;
  /**
   * `eligibleMatches`: eligible records sharing a query term; `filtered`: matching records eligibility
   * removed (superseded, other project); `heldBack`: matching records kept out as QUARANTINED.
   */
  sparse: {
    version: number | null;
    hits: number;
    eligibleMatches: number;
    filtered: number;
    heldBack: number;
    fallback: boolean;
    saturated: boolean;
  };
  memory: { version: number | null; checkpoints: number; selected: string[] };
  graph: { seeds: number; neighbours: number };
  proof: { goals: number; worlds: string[]; exact: number; structural: number };
}

function viewState(facts: LaneFacts, view: string): Pick<LaneReport, "highWaterMark" | "lagEvents"> {
  const state = facts.freshness.find((entry) => entry.view === view);
  return { highWaterMark: state?.highWaterMark ?? 0n, lagEvents: Number(state?.lagEvents ?? facts.headSequence) };
}

/**
 * Why the lane did not answer: no index; nothing stored; only removed records matched (FILTERED:
 * superseded or another project's; HELD_BACK: quarantined); matches too weak for a packet (WEAK_MATCH,
 * relevance fallback); nothing matched at all (RELEVANCE_FALLBACK, the packet holds the newest records).
 */
function sparseAbstention(facts: LaneFacts): string | null {
  const { sparse } = facts;
  if (sparse.version === null) return "INDEX_UNAVAILABLE";
  if (facts.documentCount === 0 && sparse.hits === 0 && sparse.filtered + sparse.heldBack === 0) return "EMPTY_STORE";
  if (sparse.eligibleMatches > 0 && !sparse.fallback) return null;
  if (sparse.eligibleMatches === 0 && sparse.filtered > 0) return "FILTERED";
  if (sparse.eligibleMatches === 0 && sparse.heldBack > 0) return "HELD_BACK";
  return sparse.eligibleMatches > 0 ? "WEAK_MATCH" : "RELEVANCE_FALLBACK";
}

export function laneReports(facts: LaneFacts): LaneReport[] {
  const fields = Object.entries(FIELD_WEIGHTS)
    .map(([field, weight]) => `${field} ${weight}`)
    .join(", ");
  const proofAbstention =
    facts.proof.goals === 0
      ? "NO_GOAL_IN_QUERY"
      : facts.proof.worlds.length === 0
        ? "NO_PINNED_WORLD"
        : facts.proof.exact + facts.proof.structural === 0
          ? "WEAK_MATCH"
          : null;
  return [
    {
      lane: "identity",
      candidateCount: 1,
      indexVersion: "problem-identifiers",
      highWaterMark: facts.headSequence,
      lagEvents: 0,
      scoreBasis: `exact identifier (${facts.matchedBy})`,
      abstentionReason: null,
    },
    {
      lane: "problem-discovery",
      candidateCount: 0,
      indexVersion: `problem-discovery@${facts.freshness.find((entry) => entry.view === "problem-discovery")?.version ?? "none"}`,
      ...viewState(facts, "problem-discovery"),
      scoreBasis: "not consulted: an exact problemRef resolved",
      abstentionReason: "EXACT_REF_RESOLVED",
    },
    {
      lane: "research-memory",
      candidateCount: facts.sparse.eligibleMatches,
      heldBack: facts.sparse.heldBack,
      indexVersion: `research-memory@${facts.sparse.version ?? "none"}`,
      ...viewState(facts, "research-memory"),
      scoreBasis:
        `field-weighted BM25 (k1 ${BM25_K1}, b ${BM25_B}; ${fields}) with exact-coverage share; ` +
        `IDF from a bounded pool (${facts.sparse.saturated ? "sampled" : "exact"}) over ${facts.documentCount} records; ` +
        `graph neighbours of ${facts.graph.seeds} top hits added ${facts.graph.neighbours}${facts.sparse.fallback ? "; relevance fallback: the packet holds the newest records, not matches" : ""}`,
      abstentionReason: sparseAbstention(facts),
    },
    {
      lane: "hierarchical-memory",
      candidateCount: facts.memory.checkpoints,
      indexVersion: `memory-branches@${facts.memory.version ?? "none"}`,
      ...viewState(facts, "memory-branches"),
      scoreBasis: facts.memory.selected.length
        ? `checkpoint key-term and summary overlap, intent kind tie-break; descended into ${facts.memory.selected.join(", ")}`
        : "checkpoint key-term and summary overlap; stopped at project summaries",
      abstentionReason:
        facts.memory.version === null
          ? "INDEX_UNAVAILABLE"
          : facts.memory.checkpoints === 0
            ? "EMPTY_STORE"
            : facts.memory.selected.length === 0
              ? "WEAK_MATCH"
              : null,
    },
    {
      lane: "proof-state",
      candidateCount: facts.proof.exact + facts.proof.structural,
      indexVersion: "goal-fingerprint:v1",
      highWaterMark: facts.headSequence,
      lagEvents: 0,
      scoreBasis:
        `exact and structural fingerprints of ${facts.proof.goals} Lean goal(s) in the query, ` +
        `scoped to pinned worlds ${facts.proof.worlds.join(", ") || "(none)"}: ${facts.proof.exact} exact, ` +
        `${facts.proof.structural} structural`,
      abstentionReason: proofAbstention,
    },
  ];
}
