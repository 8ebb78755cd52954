// Every weight, threshold, reserve and budget of the orient pipeline, each with its reason.
// Evaluation (`npm run eval -- orient`) and the benchmark read these same names.

/** The seed's default packet: enough for an initial orientation across all categories. */
export const DEFAULT_MAX_CHARS = 20_000;
/** check_plan's narrower query needs less context; the seed fixes this default. */
export const DEFAULT_PLAN_MAX_CHARS = 12_000;
/** Smallest packet the seed accepts: a constrained client still gets a few records. */
export const MIN_MAX_CHARS = 4_000;
/** Largest packet the seed accepts: beyond it a packet stops being a summary. */
export const MAX_MAX_CHARS = 40_000;

/** A task description or plan is a paragraph or two; more is a document, which belongs in recordResearch. */
export const MAX_QUERY_CHARS = 16_000;
/** Distinct query tokens scored: long queries keep their rarest terms, so work per request is bounded. */
export const MAX_QUERY_TERMS = 48;

/** Sparse candidates read per request, whatever the history size (the bounded-latency guarantee). */
export const SPARSE_POOL_LIMIT = 300;
/** Ineligible matches read to tell FILTERED and HELD_BACK from WEAK_MATCH: the lane reports a count, never a list. */
export const WITHHELD_LIMIT = 64;
/**
 * A term in this share of all sparse documents cannot narrow the sparse probe's first half (it would
 * fill it with the newest records); it still counts in the second half and in scoring.
 */
export const COMMON_TERM_SHARE = 0.2;
/** Column statistics change with ANALYZE, minutes apart: re-read them at most this often. */
export const TERM_SHARES_TTL_MS = 60_000;
/** Checkpoints read per request; a target with more branches has its largest ones considered. */
export const CHECKPOINT_LIMIT = 400;
/** Branches descended into: a few approaches, never the whole tree. */
export const DESCEND_BRANCHES = 4;
/** Raw members read per selected branch (newest first), like one memoryBranch page plus slack. */
export const MEMBERS_PER_BRANCH = 40;
/** Top sparse hits whose graph neighbours join the candidate pool. */
export const GRAPH_SEEDS = 12;
/** Relations read per request around the seeds. */
export const GRAPH_EDGE_LIMIT = 200;
/** Proof-state matches read per request: the same goal is rarely attempted more often. */
export const PROOF_STATE_LIMIT = 20;
/**
 * Checkpoint rows kept in the process across targets (each target's read is at most CHECKPOINT_LIMIT
 * rows of about 1 KB): a few dozen busy targets stay warm in some tens of megabytes.
 */
export const CHECKPOINT_CACHE_ROWS = 20_000;
/**
 * Records whose sparse token counts stay in the process: measured at about 7 KB of heap each (counts
 * plus the derived weighted frequencies), so at most some 140 MB. Newest-first probes keep the working
 * set of a busy target small: 300 varied queries on a 100k-record target touched about 1,200 records.
 */
export const DOCUMENT_CACHE_ENTRIES = 20_000;
/** Records whose own attributes stay in the process (a few hundred bytes each). */
export const RECORD_CACHE_ENTRIES = 40_000;
/** Packet texts (clipped body and replay, under 2 KB each) kept for records that were recently in a packet. */
export const TEXT_CACHE_ENTRIES = 2_000;
/** Refs whose last read context (target, versions, head mark) is remembered to start round trip 2 early. */
export const CONTEXT_CACHE_ENTRIES = 10_000;
/** Branch members kept (ids, MEMBERS_PER_BRANCH per branch): the descended branches of busy targets. */
export const MEMBER_CACHE_ENTRIES = 50_000;
/** States and relation lists kept across targets' graphs, counted per record (a few hundred bytes each). */
export const GRAPH_CACHE_ENTRIES = 200_000;
/**
 * Newest records of a target read into the caches by its first request in the process (warm-target.ts):
 * about twice the 1,700 that 300 varied queries touched on a 100k-record target, some 20 MB of counts.
 */
export const WARM_RECORDS = 3_000;
/** Packet texts warmed with them: half the text cache, so requests' own picks still fit. */
export const WARM_TEXTS = 1_000;
/** Records per warm-up statement: small enough that requests queued behind one (embedded database) wait little. */
export const WARM_BATCH = 250;
/** Targets remembered as warmed (or warming) in this process. */
export const WARM_TARGET_ENTRIES = 10_000;
/** Hard cap on the candidate union before reranking. */
export const CANDIDATE_LIMIT = 600;

/** BM25 saturation: repeating a term (keyword stuffing) quickly stops adding score. */
export const BM25_K1 = 1.2;
/** BM25 length normalisation: long records do not win by sheer size. */
export const BM25_B = 0.75;
/** Field weights: a title states what a record is about; branch and replay text only hint. */
export const FIELD_WEIGHTS = { title: 2.0, body: 1.0, branch: 0.5, replay: 0.8 } as const;

/**
 * Poisoned memory: a record whose distinct-term share falls below this repeats itself (keyword
 * stuffing); its relevance is scaled down in proportion. Ordinary prose sits well above 0.5.
 */
export const REPETITION_FLOOR = 0.5;
/** Share of relevance that depends on covering the query's informative terms (exact matches win). */
export const COVERAGE_WEIGHT = 0.5;
/** Neighbours of strong hits inherit this share of the hit's score: related, not themselves matching. */
export const GRAPH_INHERIT = 0.35;
/** Members of a selected branch get this bonus: the checkpoint vouched for the branch. */
export const BRANCH_BONUS = 0.05;
/** An exact goal fingerprint is the strongest evidence that a record is about the same proof state. */
export const EXACT_GOAL_SCORE = 1.2;
/** A structural (renamed) fingerprint is nearly as strong. */
export const STRUCTURAL_GOAL_SCORE = 1.0;
/** Records below this share of the best score are noise once anything matches well. */
export const MIN_RELATIVE_SCORE = 0.2;
/**
 * A query whose best record covers less than this IDF-weighted share of its terms matched only a
 * generic word ("give", "overview"): it is broad, and gets the marked relevance fallback instead.
 */
export const MIN_QUERY_COVERAGE = 0.12;

/** Project selection: the runner-up must trail by this relative margin for a confident choice. */
export const PROJECT_MARGIN = 0.2;
/** Records of other projects keep this share of their score when the selection is confident. */
export const OFF_PROJECT_FACTOR = 0.6;

/** Token-set Jaccard at or above which two records say the same thing. */
export const NEAR_DUPLICATE_JACCARD = 0.7;

/** Items considered for a packet; the budget usually binds first. */
export const MAX_PACKET_ITEMS = 40;
/** Items of one category before the others get their turn (diversity across categories). */
export const MAX_PER_CATEGORY = 10;
/** Item text starts at this length and shrinks to fit the budget. */
export const ITEM_TEXT_MAX = 700;
/** Plan checks point at records rather than restate them. */
export const PLAN_ITEM_TEXT_MAX = 360;
/** Below this an item text says too little; drop items instead of shrinking further. */
export const ITEM_TEXT_MIN = 80;
/** Relevance fallback for broad queries: a handful of the strongest records, clearly marked. */
export const FALLBACK_ITEMS = 8;

/** Checkpoint scoring: key terms are what a branch is about; summary words only hint. */
export const CHECKPOINT_KEY_TERM_WEIGHT = 1.0;
export const CHECKPOINT_SUMMARY_WEIGHT = 0.4;
/** Checkpoint summaries normalised per request (the leaders by key terms): bounded work at any branch count. */
export const SUMMARY_RESCORE = 24;
/** Intent preference for a branch with matching kinds: a tie-breaker, never a substitute for overlap. */
export const CHECKPOINT_INTENT_WEIGHT = 0.25;
