// Intake thresholds and periods, each with the reason for its value.

/** Public challenge period before editorial review completes: two weeks lets curators and agents object. */
export const CHALLENGE_PERIOD_DAYS = 14;
/** A catalogued (unpublished) row this likely to be the same problem pauses the submission for a curator. */
export const UNPUBLISHED_DUPLICATE_CONFIDENCE = 0.5;
/** A published problem this likely to be the same makes the caller compare before a new id is minted. */
export const PUBLISHED_DUPLICATE_CONFIDENCE = 0.5;
/** Statements are prose with LaTeX; 20,000 characters holds any catalogue statement with room to spare. */
export const MAX_STATEMENT_CHARS = 20_000;
export const MAX_SUBMISSION_TITLE_CHARS = 300;
export const MAX_DEFINITIONS = 30;
/** A duplicate restates most of the statement: below this share of matched query terms it is only related. */
export const DUPLICATE_MIN_COVERAGE = 0.5;
