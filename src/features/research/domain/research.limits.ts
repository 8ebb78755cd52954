// Size limits of research writes. They keep one record small enough to sit in a context packet's
// drill-down and stop a runaway client from filling the store; all are documented in the README.

/** Titles are headlines, not abstracts. */
export const MAX_TITLE_CHARS = 300;
/** A body holds an argument or a trace summary; larger material belongs in an artifact URI. */
export const MAX_BODY_CHARS = 100_000;
/** Project names show in dashboards and slugs. */
export const MAX_PROJECT_NAME_CHARS = 200;
/** Relations per write: more is a bulk import, which should be several writes. */
export const MAX_RELATIONS_PER_WRITE = 50;
export const MAX_SUPERSEDES_PER_WRITE = 20;
/** Metadata is a small JSON object (tags, parameters), not a payload store. */
export const MAX_METADATA_CHARS = 10_000;
/** Each replay field (command, environment, URI) stays a one-liner-sized string. */
export const MAX_REPLAY_FIELD_CHARS = 4_000;
/** Branch names like `approach/second-moment`: lower-case path segments. */
export const BRANCH_NAME = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*){0,3}$/;
export const MAX_BRANCH_NAME_CHARS = 120;
/**
 * Writes per group-commit statement (ResearchWriteBatcher). A batch grows with the writes that queue while the
 * previous one is in the database; this caps one statement's input (a few megabytes at the largest bodies)
 * and the work a faulty write's batch repeats write by write.
 */
export const WRITE_BATCH_MAX = 64;
