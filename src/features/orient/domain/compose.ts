// The pure composition of stages 4-6, in three steps around two reads: `rankPool` (eligibility, rerank,
// relevance filter) needs only the lean records and names the few whose relations matter
// (`packetCandidates`); `choosePacket` (near-duplicate removal that keeps disagreements, intent selection
// with reserves) takes those relations; `composePacket` renders the chosen records with their texts
// (bodies and replays, at most MAX_PACKET_ITEMS) into the budgeted packet. Same inputs, same packet.
import { assemblePacket, type AssembledPacket, type PacketBranch } from "./assemble-packet.js";
import type { Bm25Scorer } from "./bm25.js";
import { applyEligibility } from "./candidates.js";
import { planBearings, type PlanBearing } from "./check-plan.js";
import { removeNearDuplicates, type ContentTokens } from "./dedupe.js";
import { CATEGORY_ORDER, PLAN_CATEGORY_ORDER, reservesFor } from "./intent-policy.js";
import { ITEM_TEXT_MAX, MAX_PACKET_ITEMS, PLAN_ITEM_TEXT_MAX } from "./orient.constants.js";
import type { Intent, ItemText, PacketItem, PooledCandidate, RelationEdge, ScoredCandidate } from "./orient.types.js";
import type { AnalysedQuery } from "./query.js";
import { rerank, type ProjectSelection } from "./rerank.js";
import { overlaps, pickReserves, relevantRecords, selectItems, type Selection } from "./select.js";

export interface ComposeInput {
  mode: "orient" | "checkPlan";
  intent: Intent;
  maxChars: number;
  problemStableId: string;
  scopedProjectId: string | null;
  query: AnalysedQuery;
  pool: readonly PooledCandidate[];
  /** BM25 against the request's pool statistics (bm25Scorer), shared with graph seeding. */
  scorer: Bm25Scorer;
  /** Token sets for near-duplicate removal, memoised per cached counts object (orient-caches.ts). */
  contentTokens: ContentTokens;
  branches: readonly PacketBranch[];
}

export interface Composition {
  packet: AssembledPacket;
  fallback: boolean;
  reserves: Selection["reserves"];
  selection: ProjectSelection;
  scored: ScoredCandidate[];
  /** Ids of matching records eligibility removed (superseded, out of project) and held back (quarantined). */
  filtered: string[];
  heldBack: string[];
  eligibleMatches: number;
  bearings: PlanBearing[];
}

/** What ranking decided, before any relation is read. */
export interface PoolRanking {
  scored: ScoredCandidate[];
  selection: ProjectSelection;
  filtered: string[];
  heldBack: string[];
  /** Records that may enter the packet, best first. */
  relevant: ScoredCandidate[];
  fallback: boolean;
}

/** What selection decided, before any record text is read. */
export interface PacketChoice extends PoolRanking {
  chosen: Selection;
  folded: Map<string, string[]>;
  /** Relations among the records in `packetCandidates(ranking).relationScope`. */
  relations: readonly RelationEdge[];
}

function toItem(
  candidate: ScoredCandidate,
  reserved: boolean,
  folded: string[],
  relations: readonly RelationEdge[],
  included: ReadonlySet<string>,
  accessions: ReadonlyMap<string, string>,
  texts: ReadonlyMap<string, ItemText>,
): PacketItem {
  const record = candidate.record;
  const bodyPrefix = texts.get(record.id)?.bodyPrefix ?? "";
  const text = bodyPrefix ? `${record.title}: ${bodyPrefix}` : record.title;
  return {
    id: record.id,
    accession: `R${record.accession}`,
    kind: record.kind,
    category: candidate.category,
    evidenceGrade: record.evidenceGrade,
    state: record.state,
    reason: reserved
      ? `${candidate.reason}; reserved ${candidate.category.toLowerCase().replace(/_/g, " ")} slot`
      : candidate.reason,
    text,
    score: Math.round(candidate.score * 1000) / 1000,
    projectId: record.projectId,
    branch: record.branchName,
    reserved,
    duplicates: folded.slice(0, 5).map((id) => accessions.get(id) ?? id),
    relations: relations
      .filter((edge) => edge.fromId === record.id && included.has(edge.toId))
      .map((edge) => ({ type: edge.type, to: accessions.get(edge.toId)! })),
    replay: texts.get(record.id)?.replay ?? null,
  };
}

export function rankPool(input: ComposeInput): PoolRanking {
  const { eligible, filtered, heldBack } = applyEligibility(
    input.pool,
    input.intent,
    input.scopedProjectId,
    input.query.terms,
  );
  const { scored, selection } = rerank(eligible, input.scorer, input.scopedProjectId);
  const { records, fallback } = relevantRecords(scored);
  return { scored, selection, filtered, heldBack, relevant: records, fallback };
}

function dedupeWindow(ranking: PoolRanking): ScoredCandidate[] {
  return ranking.relevant.slice(0, MAX_PACKET_ITEMS * 3);
}

function reservePool(ranking: PoolRanking): ScoredCandidate[] {
  return ranking.fallback ? [] : ranking.scored.filter(overlaps);
}

/**
 * Records a packet can include, for reads that must happen before selection: `relationScope` (the
 * near-duplicate window and each reserve's pick: relations among them decide folding) and `likely`
 * (the window's first MAX_PACKET_ITEMS and the picks: their texts can be read early).
 */
export function packetCandidates(ranking: PoolRanking, intent: Intent): { relationScope: string[]; likely: string[] } {
  const window = dedupeWindow(ranking).map((candidate) => candidate.record.id);
  const picks = pickReserves(reservePool(ranking), reservesFor(intent), ranking.fallback).flatMap((entry) =>
    entry.candidate ? [entry.candidate.record.id] : [],
  );
  return {
    relationScope: [...new Set([...window, ...picks])],
    likely: [...new Set([...window.slice(0, MAX_PACKET_ITEMS), ...picks])],
  };
}

/** `relations` are those among `packetCandidates(ranking).relationScope`: a disagreeing pair is never folded. */
export function choosePacket(
  input: ComposeInput,
  ranking: PoolRanking,
  relations: readonly RelationEdge[],
): PacketChoice {
  const { kept, folded } = removeNearDuplicates(dedupeWindow(ranking), relations, input.contentTokens);
  const chosen = selectItems(kept, reservesFor(input.intent), ranking.fallback, reservePool(ranking));
  return { ...ranking, chosen, folded, relations };
}

/** Ids whose texts `composePacket` needs: the chosen items only. */
export function chosenIds(choice: PacketChoice): string[] {
  return choice.chosen.ranked.map((entry) => entry.candidate.record.id);
}

/** `texts` holds the chosen records' bodies and replays; a missing entry renders the title alone. */
export function composePacket(
  input: ComposeInput,
  choice: PacketChoice,
  texts: ReadonlyMap<string, ItemText>,
): Composition {
  const { chosen, folded, fallback, selection, scored, filtered, heldBack, relations } = choice;
  const order = input.mode === "checkPlan" ? PLAN_CATEGORY_ORDER : CATEGORY_ORDER[input.intent];
  const included = new Set(chosenIds(choice));
  const accessions = new Map(input.pool.map((candidate) => [candidate.record.id, `R${candidate.record.accession}`]));
  const items = chosen.ranked.map((entry) =>
    toItem(
      entry.candidate,
      entry.reserved,
      folded.get(entry.candidate.record.id) ?? [],
      relations,
      included,
      accessions,
      texts,
    ),
  );
  const bearings = input.mode === "checkPlan" ? planBearings(items, order) : [];
  const packet = assemblePacket(
    {
      problem: input.problemStableId,
      intent: input.intent,
      mode: input.mode,
      fallback,
      project: {
        id: selection.projectId,
        margin: Math.round(selection.margin * 1000) / 1000,
        confident: selection.confident,
      },
      branches: [...input.branches],
      categoryOrder: order,
      ...(input.mode === "checkPlan"
        ? { bearings: bearings.map((entry) => ({ accession: entry.accession, bearing: entry.bearing })) }
        : {}),
    },
    items,
    input.maxChars,
    input.mode === "checkPlan" ? PLAN_ITEM_TEXT_MAX : ITEM_TEXT_MAX,
  );
  const present = new Set(packet.items.map((item) => item.id));
  return {
    packet,
    fallback,
    reserves: chosen.reserves,
    selection,
    scored,
    filtered,
    heldBack,
    eligibleMatches: scored.filter(overlaps).length,
    bearings: bearings.filter((entry) => present.has(entry.id)),
  };
}
