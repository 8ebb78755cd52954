// Builds the versioned sparse document of one catalogue problem: a token -> count map per field.
// Plain JSON, stored in `sparse_documents` (fields Json, terms text[], length int) by the write path.

import type { CatalogueProblem } from "../../catalogue/domain/catalogue.types.js";
import { aliasKey } from "../../identity/domain/identifier-keys.js";
import {
  analyzeText,
  NORMALIZER_CODE_VERSION,
  tokenKind,
  withLexiconHash,
  type AnalyzedText,
} from "../../../text/normalize.js";
import { memoised } from "../../../platform/lib/memoise.js";
import { GENERIC_QUERY_WORDS } from "./discovery.constants.js";
import { readRemarkOpening, type RemarkOpening } from "./remark-openings.js";
import { SPARSE_FIELDS, TOKEN_FIELDS, type SparseField } from "./sparse-fields.js";

/** The derived view's name in `sparse_documents.view`. */
export const PROBLEM_SPARSE_VIEW = "problem-discovery";
/**
 * Bump when the field layout below changes; the normaliser version is folded in. 2: the `pairs` field; 3: the
 * `question` field; 4: `names`; 5: name signatures kept out of `terms` and `length`; 6: `formulas`; 7: `remarks`; 8: the remarks'
 * opening (a name, the `attribution`), and the Lean statements' formulas.
 */
const SPARSE_LAYOUT_VERSION = 8;
/**
 * A leading paragraph shorter than this many words is a heading ("**Brocard's Conjecture**",
 * "**Conjecture 1.**"), not the question: the question runs on to the next paragraph. Dev (both
 * hash folds): equal from 1 to 12 words, one row lost at 20.
 */
const HEADING_MAX_WORDS = 8;
/**
 * The code version of the view (normaliser code and layout): the first `sparse_documents.version` a store writes (an
 * int column; a rebuild writes the next free one) and the code half of PROBLEM_SPARSE_VIEW_VERSION.
 */
export const PROBLEM_SPARSE_VERSION = NORMALIZER_CODE_VERSION * 1000 + SPARSE_LAYOUT_VERSION;
/**
 * What built the view: the code version and the lexicon's hash (`21007+831666ae337d`), recorded with each built version
 * (`projection_states.details.viewVersion`). Any change to normalisation, its data files or the layout differs from the
 * recorded one, so start-up rebuilds the view (rebuildStaleViews); nobody bumps a number for a data change.
 */
export const PROBLEM_SPARSE_VIEW_VERSION: string = withLexiconHash(PROBLEM_SPARSE_VERSION);

export type TermCounts = Record<string, number>;

export interface SparseDocument {
  view: string;
  version: number;
  documentId: string;
  fields: Record<SparseField, TermCounts>;
  /** Distinct tokens over the token fields (every field but `names`), sorted (the GIN-indexed `terms` column). */
  terms: string[];
  /** Total token count over the token fields. */
  length: number;
}

/** "IsSumDistinctSet" -> "Is Sum Distinct Set": Lean definition names spell their notion in camel case. */
export function splitIdentifier(identifier: string): string {
  return identifier.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_.]+/g, " ");
}

/**
 * One text analysed once per document: the wording's texts feed the word fields, the pairs and the formulas alike
 * (a statement is read by `statement`, `pairs` and `formulas`).
 */
type Analyse = (text: string) => AnalyzedText;

// A Map while counting: tokens such as "constructor" must not meet Object.prototype.
function countTokens(texts: readonly (string | null)[], field: SparseField, analyse: Analyse): TermCounts {
  const counts = new Map<string, number>();
  for (const text of texts) {
    if (text === null) continue;
    const analyzed = analyse(text);
    const tokens = field === "pairs" ? analyzed.pairs : field === "formulas" ? analyzed.formulas : analyzed.tokens;
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

/** Formal material beyond the canonical statement: variant docstrings and declaration names. */
function formalTexts(problem: CatalogueProblem): string[] {
  const definitionTexts = new Set(problem.definitions.map((definition) => definition.text));
  return problem.formalDeclarations.flatMap((declaration) => {
    const docstring = declaration.docstring;
    const extra =
      docstring !== null && docstring !== problem.statement && !definitionTexts.has(docstring) ? [docstring] : [];
    return [...extra, splitIdentifier(declaration.declName.split(".").at(-1) ?? "")];
  });
}

/**
 * The statement up to the end of its first paragraph that is not a heading. Catalogue statements
 * put the question first and remarks after a blank line (proofs, history, references, formalisation notes).
 */
export function questionOf(statement: string | null): string | null {
  if (statement === null) return null;
  const paragraphs = statement.split(/\n\s*\n/);
  let end = 0;
  while (end < paragraphs.length - 1 && (paragraphs[end] ?? "").trim().split(/\s+/).length < HEADING_MAX_WORDS)
    end += 1;
  return paragraphs.slice(0, end + 1).join("\n\n");
}

/**
 * The aliases that add a name: one per alias key, none with the title's. The record stores aliases as identifiers,
 * one per key with the title among them ("first_hardy_littlewood_conjecture" is the title's key), so a document
 * built from the catalogue files must drop the same ones, or the two indexes would rank differently.
 */
function distinctAliases(problem: CatalogueProblem): string[] {
  const seen = new Set([aliasKey(problem.title)]);
  return problem.aliases.filter((alias) => {
    const key = aliasKey(alias);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fieldTexts(problem: CatalogueProblem, opening: RemarkOpening): Record<SparseField, (string | null)[]> {
  const title = [problem.title];
  const aliases = [...distinctAliases(problem), problem.comments, opening.name];
  const statement = [problem.statement];
  const question = [questionOf(problem.statement)];
  const definitions = problem.definitions.flatMap((definition) => [splitIdentifier(definition.term), definition.text]);
  const wording = [...title, ...aliases, ...statement, ...definitions]; // the WORDING_FIELDS' texts
  return {
    title,
    aliases,
    statement,
    question,
    definitions,
    remarks: [problem.remarks],
    attribution: opening.people,
    tags: problem.tags,
    source: [problem.collection, ...problem.oeisIds, ...problem.sources.map((source) => source.title)],
    formal: formalTexts(problem),
    pairs: wording,
    formulas: [...wording, ...problem.formalDeclarations.map((declaration) => declaration.statement)],
    names: [], // built apart (nameCounts): one signature per name, not a bag of its words
  };
}

/** The statement's opening bold heading ("**Brocard's Problem**", "**The Erdős discrepancy problem**"), if any. */
export function headingOf(statement: string | null): string | null {
  const match = /^\s*\*\*([^*\n]+)\*\*/.exec(statement ?? "");
  return match?.[1]?.trim() ?? null;
}

/** A name's content words, sorted and space-joined: what a query must hold to call the problem by it. */
export function nameSignature(name: string): string {
  const words = analyzeText(name).tokens.filter(
    (token) => tokenKind(token) === "word" && !GENERIC_QUERY_WORDS.has(token),
  );
  return [...new Set(words)].sort().join(" ");
}

/** Aliases that are identifiers rather than names: Lean declarations ("a_recurrence", "kourovka.«19.25»"), OEIS numbers. */
const IDENTIFIER_ALIAS = /^[^\s_.«»]*[_.«»]\S*$|^A\d{6}$/u;

function nameCounts(problem: CatalogueProblem, opening: RemarkOpening): TermCounts {
  const aliases = problem.aliases.filter((alias) => !IDENTIFIER_ALIAS.test(alias));
  const names = [problem.title, ...aliases, headingOf(problem.statement), opening.name].filter((name) => name !== null);
  const signatures = names.map(nameSignature).filter((signature) => signature !== "");
  return Object.fromEntries([...new Set(signatures)].map((signature) => [signature, 1]));
}

export function buildSparseDocument(problem: CatalogueProblem): SparseDocument {
  const opening = readRemarkOpening(problem.remarks);
  const texts = fieldTexts(problem, opening);
  const analyse = memoised(analyzeText);
  const fields = Object.fromEntries(
    SPARSE_FIELDS.map((field) => [
      field,
      field === "names" ? nameCounts(problem, opening) : countTokens(texts[field], field, analyse),
    ]),
  ) as Record<SparseField, TermCounts>;
  const terms = [...new Set(TOKEN_FIELDS.flatMap((field) => Object.keys(fields[field])))].sort();
  const length = TOKEN_FIELDS.reduce((total, field) => total + fieldLength(fields[field]), 0);
  return {
    view: PROBLEM_SPARSE_VIEW,
    version: PROBLEM_SPARSE_VERSION,
    documentId: problem.stableId,
    fields,
    terms,
    length,
  };
}

export function fieldLength(counts: TermCounts): number {
  let total = 0;
  for (const count of Object.values(counts)) total += count;
  return total;
}
