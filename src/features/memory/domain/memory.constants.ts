// Budgets and names of the hierarchical research memory (branches, checkpoints, member pages).
// Every number here bounds work or output size; the reasons sit next to them.

/** The derived view holding branches, memberships, checkpoints and heads (one version, one mark). */
export const MEMORY_VIEW = "memory-branches";
/**
 * Bump when derivation or checkpoint layout changes; a rebuild then writes the new layout. 4: a member's terms are
 * those of its sentences together (checkpoint.ts), so a term no longer spans two sentences.
 */
export const MEMORY_VIEW_VERSION = 4;

/** The seed's get_memory_branch default: a page small enough to read whole before descending. */
export const DEFAULT_MEMBER_PAGE = 12;
/** Larger pages defeat the point of checkpoint-first descent and make one response unbounded. */
export const MAX_MEMBER_PAGE = 100;

/** Checkpoints summarise the newest current members: bounded cost per refresh at any branch size. */
export const CHECKPOINT_WINDOW = 64;
/** Characters of a member body read for a checkpoint; summaries are extractive, so this caps input. */
export const CHECKPOINT_BODY_CHARS = 2_000;
/** A checkpoint summary is a compact orientation line, not a report (about three sentences). */
export const SUMMARY_MAX_CHARS = 600;
/** Sentences longer than this are clipped so one run-on sentence cannot fill the summary. */
export const SENTENCE_MAX_CHARS = 240;
/** Enough key terms to rank a branch against a query, few enough to read at a glance. */
export const KEY_TERM_COUNT = 12;
/** Head summaries name the largest branches; more than this is the branch list itself. */
export const HEAD_BRANCHES_NAMED = 5;
/**
 * Members whose analysed text the projector keeps between refreshes. A refresh re-reads the window of every
 * branch it touches; without this, each write re-analysed the 64 newest members of its branches. Enough for
 * the windows of the 64 most recently written branches, a few megabytes.
 */
export const MEMBER_TEXT_CACHE_MEMBERS = 4_096;
/**
 * Analyses of new records a write hands to the projector in its process (MemberTextCache.offer), kept until the
 * refresh that applies the record takes them. A refresh trails the writes by well under a second, so this covers
 * a thousand writes a second; an analysis that falls out is made again by the refresh.
 */
export const HANDED_OVER_ANALYSES = 1_024;
/**
 * Distinct tokens a projector numbers (TokenTable) before it starts a new table: the table keeps every token it
 * met, so without a bound it would grow with the store's vocabulary. A few megabytes; far more than the
 * windows of MEMBER_TEXT_CACHE_MEMBERS members use, so a restart is rare and costs one analysis per member.
 */
export const TOKEN_TABLE_LIMIT = 100_000;
/**
 * Branch windows (member ids, times and content hashes) a projector keeps between refreshes, so a batch
 * that only adds members does not read its branches' newest members again. A window is at most
 * CHECKPOINT_WINDOW small entries; this many covers the branches of the most recently written projects.
 */
export const WINDOWS_KEPT = 2_048;
