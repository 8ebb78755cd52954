// The sparse document's fields and the groups of them each stage reads: names only, imported by the
// document builder, the index, the scorers and the constants that weigh each field.

/**
 * Fields scored separately (each has its own weight and length normalisation). `pairs` holds the
 * proximity pairs of the identifying text (title, aliases, statement, definitions): word order
 * and adjacency that a bag of words loses, and that separates near-neighbour problems. `question`
 * repeats the statement's opening question without the remarks that often follow it (history,
 * citations, who proved what): see `questionOf` in sparse-document.ts. `remarks` holds the source's remarks printed apart from
 * the statement (erdosproblems.com's): the names, results and people a real text mentions beside it. `attribution`
 * holds the people the remarks' opening says the problem is due to ("A problem of Erdős and Sós.": remark-openings.ts).
 * `formulas` holds the formula shingles of the wording and of the Lean statements: a text from a formalisation writes
 * `n - 2*x^2` or `(n^2, (n+1)^2)` as the Lean statement does, where the prose wording says "consecutive squares".
 */
export const SPARSE_FIELDS = [
  "title",
  "aliases",
  "statement",
  "question",
  "definitions",
  "remarks",
  "attribution",
  "tags",
  "source",
  "formal",
  "pairs",
  "formulas",
  "names",
] as const;
export type SparseField = (typeof SPARSE_FIELDS)[number];
/** Fields holding tokens; `names` holds one signature per name (see sparse-document.ts `nameSignature`), never a query token, so it stays out of `terms`. */
export const TOKEN_FIELDS: readonly SparseField[] = SPARSE_FIELDS.filter((field) => field !== "names");
/**
 * Fields that state the problem itself (tags, sources and formal variants only place it): what a
 * candidate must have explained by the query. The statement's remarks are left out, so a problem
 * with a long history is not taken for a neighbour with extra conditions.
 */
export const IDENTIFYING_FIELDS: readonly SparseField[] = ["title", "aliases", "question", "definitions"];
/**
 * Fields holding the problem's own wording, remarks included: what it quotes ("if prime p is in A003625"), as opposed
 * to the related sequences, sources and formal variants its record lists beside it.
 */
export const WORDING_FIELDS: readonly SparseField[] = ["title", "aliases", "statement", "definitions"];
