// Derived view `research-memory`: one sparse document per research object (title, body, branch,
// replay and formal text), written in the research write transaction. Superseded objects stay
// indexed for audit views but are marked ineligible, so ranking never sees them by default.
import type { Prisma } from "../../../generated/prisma/client.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import { NORMALIZER_CODE_VERSION, tokenize, withLexiconHash } from "../../../text/normalize.js";
import { tokenizeSentences, type SentenceTokens } from "../../../text/sentences.js";
import { servingVersion } from "../../../projections/projection-state.js";

export const RESEARCH_SPARSE_VIEW = "research-memory";
// Layout 2: source_sequence carries the record's accession (write order) for newest-first probes.
// Layout 3: the body's tokens are those of its sentences (text/sentences.ts), the analysis the memory view shares.
const RESEARCH_LAYOUT_VERSION = 3;
/** The view's code version (its first `sparse_documents.version`) and, with the lexicon's hash, what built it (see sparse-document.ts). */
export const RESEARCH_SPARSE_VERSION = NORMALIZER_CODE_VERSION * 1000 + RESEARCH_LAYOUT_VERSION;
export const RESEARCH_SPARSE_VIEW_VERSION: string = withLexiconHash(RESEARCH_SPARSE_VERSION);

export const RESEARCH_FIELDS = ["title", "body", "branch", "replay"] as const;
export type ResearchField = (typeof RESEARCH_FIELDS)[number];

type ResearchRow = Prisma.ResearchObjectGetPayload<object>;

/** How often each token occurs in the token lists. */
function countTokens(lists: readonly (readonly string[])[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const tokens of lists) for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1);
  return map;
}

/** How often each token occurs in the texts. */
const tokenCounts = (texts: (string | null | undefined)[]): Map<string, number> =>
  countTokens(texts.filter((text): text is string => Boolean(text)).map(tokenize));

function jsonTexts(value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.values(value as Record<string, unknown>).filter((item): item is string => typeof item === "string");
}

type DocumentRow = Pick<ResearchRow, "title" | "body" | "branchName" | "artifact" | "formal">;

function fieldCounts(row: DocumentRow, sentences: SentenceTokens): Record<ResearchField, Map<string, number>> {
  return {
    title: countTokens([sentences.title]),
    body: countTokens(sentences.body),
    branch: tokenCounts([row.branchName?.replace(/[/_.-]+/g, " ")]),
    replay: tokenCounts([...jsonTexts(row.artifact), ...jsonTexts(row.formal)]),
  };
}

/**
 * Token counts as an object without a prototype. An object built key by key gets a hidden class for each
 * sequence of keys it has seen, and research text has an open vocabulary, so nearly every document made new
 * ones: `Object.fromEntries` here took ~140 µs of a write in a `bench:writes` profile, against ~12 µs for the
 * same records once their classes exist. An object without a prototype is a dictionary from the start, and
 * serialises to the same JSON.
 */
function countRecord(counts: Map<string, number>): Record<string, number> {
  const record = Object.create(null) as Record<string, number>;
  for (const [token, count] of counts) record[token] = count;
  return record;
}

/** The stored form of the counts: one object of token counts per field. */
function countObjects(
  counts: Record<ResearchField, Map<string, number>>,
): Record<ResearchField, Record<string, number>> {
  return {
    title: countRecord(counts.title),
    body: countRecord(counts.body),
    branch: countRecord(counts.branch),
    replay: countRecord(counts.replay),
  };
}

/**
 * The document's text part: field token counts, distinct terms and length (pure, so a write computes it before its
 * transaction). `sentences` is the title's and body's analysis when the caller has it (a write, which hands it on).
 */
export function researchDocumentContent(
  row: DocumentRow,
  sentences: SentenceTokens = tokenizeSentences(row.title, row.body),
) {
  const counts = fieldCounts(row, sentences);
  // Terms and length from the counts themselves, not from the objects made of them for the stored row.
  const distinct = new Set<string>();
  let length = 0;
  for (const field of RESEARCH_FIELDS)
    for (const [token, count] of counts[field]) {
      distinct.add(token);
      length += count;
    }
  return { fields: countObjects(counts), terms: [...distinct].sort(), length };
}

export function researchDocumentRow(row: ResearchRow, version: number): Prisma.SparseDocumentCreateManyInput {
  const { fields, terms, length } = researchDocumentContent(row);
  return {
    view: RESEARCH_SPARSE_VIEW,
    version,
    documentId: row.id,
    routingTargetId: row.routingTargetId,
    projectId: row.projectId,
    fields: fields as unknown as Prisma.InputJsonObject,
    terms,
    length,
    eligible: row.state === "CURRENT",
    // Accessions follow write order, so orient's probes can take the newest matching records first.
    sourceSequence: BigInt(row.accession),
  };
}

export async function maintainResearchDocuments(tx: TransactionClient, objectIds: string[]): Promise<void> {
  if (objectIds.length === 0) return;
  const version = await servingVersion(tx, RESEARCH_SPARSE_VIEW, RESEARCH_SPARSE_VERSION, RESEARCH_SPARSE_VIEW_VERSION);
  const rows = await tx.researchObject.findMany({ where: { id: { in: objectIds } } });
  await tx.sparseDocument.deleteMany({ where: { view: RESEARCH_SPARSE_VIEW, version, documentId: { in: objectIds } } });
  await tx.sparseDocument.createMany({ data: rows.map((row) => researchDocumentRow(row, version)) });
}
