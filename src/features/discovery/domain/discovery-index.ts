// In-memory index over problem sparse documents: postings, document frequencies and per-field
// average lengths, updated one document at a time as the change stream delivers them.

import type { PublicationState } from "../../catalogue/domain/catalogue.types.js";
import { tokenKind } from "../../../text/normalize.js";
import { GENERIC_QUERY_WORDS } from "./discovery.constants.js";
import { fieldLength, type SparseDocument } from "./sparse-document.js";
import { IDENTIFYING_FIELDS, SPARSE_FIELDS, WORDING_FIELDS, type SparseField } from "./sparse-fields.js";

export interface DiscoveryEntry {
  problemId: string;
  number: number | null;
  title: string;
  publicationState: PublicationState;
  document: SparseDocument;
}

export interface IndexedDocument {
  entry: DiscoveryEntry;
  /** Term counts per field; Maps, because stored JSON may hold keys such as "constructor". */
  fieldCounts: ReadonlyMap<SparseField, ReadonlyMap<string, number>>;
  fieldLengths: ReadonlyMap<SparseField, number>;
  /** Parameters of the identifying fields: what the reranker compares with the query's. */
  parameters: ReadonlySet<string>;
  /** Distinct content terms of the identifying fields (request words left out): what the candidate says. */
  identifyingTerms: readonly string[];
  /** Every term of every field, for membership tests. */
  allTerms: ReadonlySet<string>;
  /** Each name (title, aliases, statement heading) as its signature and that signature's words: see `nameSignature`. */
  names: readonly { signature: string; words: readonly string[] }[];
}

function indexDocument(entry: DiscoveryEntry): IndexedDocument {
  const fieldCounts = new Map<SparseField, ReadonlyMap<string, number>>();
  const fieldLengths = new Map<SparseField, number>();
  for (const field of SPARSE_FIELDS) {
    const counts = entry.document.fields[field] ?? {};
    fieldCounts.set(field, new Map(Object.entries(counts)));
    fieldLengths.set(field, fieldLength(counts));
  }
  const identifying = new Set(IDENTIFYING_FIELDS.flatMap((field) => [...(fieldCounts.get(field)?.keys() ?? [])]));
  const parameters = new Set([...identifying].filter((term) => tokenKind(term) === "parameter"));
  const identifyingTerms = [...identifying].filter((term) => !GENERIC_QUERY_WORDS.has(term));
  const names = [...(fieldCounts.get("names")?.keys() ?? [])].map((signature) => ({
    signature,
    words: signature.split(" "),
  }));
  return {
    entry,
    fieldCounts,
    fieldLengths,
    parameters,
    identifyingTerms,
    allTerms: new Set(entry.document.terms),
    names,
  };
}

/** Adds or removes one document's terms from a frequency map, dropping terms no document holds. */
function adjustFrequencies(frequencies: Map<string, number>, terms: Iterable<string>, sign: 1 | -1): void {
  for (const term of terms) {
    const frequency = (frequencies.get(term) ?? 0) + sign;
    if (frequency > 0) frequencies.set(term, frequency);
    else frequencies.delete(term);
  }
}

export class DiscoveryIndex {
  private readonly documents = new Map<string, IndexedDocument>();
  private readonly postings = new Map<string, Set<IndexedDocument>>();
  private readonly publishedFrequencies = new Map<string, number>();
  /** Documents whose subject tags hold the term: the catalogue's own vocabulary of areas. */
  private readonly tagFrequencies = new Map<string, number>();
  /** Published documents with each name signature: a name many problems carry names a collection. */
  private readonly nameFrequencies = new Map<string, number>();
  private readonly fieldLengthTotals = new Map<SparseField, number>(SPARSE_FIELDS.map((field) => [field, 0]));
  private published = 0;

  /** `version` names the sparse view the documents come from, e.g. "problem-discovery@1001". */
  constructor(
    entries: Iterable<DiscoveryEntry> = [],
    readonly version: string = "unversioned",
  ) {
    for (const entry of entries) this.upsert(entry);
  }

  get size(): number {
    return this.documents.size;
  }

  get publishedCount(): number {
    return this.published;
  }

  /** Adds a document or replaces the one with the same problem id (a re-projected write). */
  upsert(entry: DiscoveryEntry): void {
    this.remove(entry.problemId);
    const indexed = indexDocument(entry);
    this.documents.set(entry.problemId, indexed);
    for (const term of entry.document.terms) {
      const list = this.postings.get(term) ?? new Set<IndexedDocument>();
      list.add(indexed);
      this.postings.set(term, list);
    }
    this.adjustTotals(indexed, 1);
  }

  remove(problemId: string): boolean {
    const indexed = this.documents.get(problemId);
    if (indexed === undefined) return false;
    this.documents.delete(problemId);
    for (const term of indexed.entry.document.terms) {
      const list = this.postings.get(term);
      list?.delete(indexed);
      if (list?.size === 0) this.postings.delete(term);
    }
    this.adjustTotals(indexed, -1);
    return true;
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /**
   * Document frequency among published problems only: term statistics come from the published
   * catalogue, so a flood of unpublished rows cannot make a distinguishing word look common.
   */
  publishedFrequency(term: string): number {
    return this.publishedFrequencies.get(term) ?? 0;
  }

  /** Documents tagged with a subject that contains the term ("graph", "unit-fraction", "number-theory"). */
  tagFrequency(term: string): number {
    return this.tagFrequencies.get(term) ?? 0;
  }

  /** Published problems that carry the name (a signature, see sparse-document.ts `nameSignature`). */
  nameFrequency(signature: string): number {
    return this.nameFrequencies.get(signature) ?? 0;
  }

  /** Documents holding the rarest of the terms (fewest documents): where a search for all of them starts. */
  documentsWithRarest(terms: readonly { term: string; documentFrequency: number }[]): ReadonlySet<IndexedDocument> {
    const rarest = terms.reduce<(typeof terms)[number] | null>(
      (best, term) => (best === null || term.documentFrequency < best.documentFrequency ? term : best),
      null,
    );
    return rarest === null ? new Set() : this.documentsWith(rarest.term);
  }

  /** Whether the problem's own wording (WORDING_FIELDS) holds every term. */
  wordingHolds(problemId: string, terms: readonly string[]): boolean {
    const fieldCounts = this.documents.get(problemId)?.fieldCounts;
    if (fieldCounts === undefined) return false;
    return terms.every((term) => WORDING_FIELDS.some((field) => fieldCounts.get(field)?.has(term) === true));
  }

  documentsWith(term: string): ReadonlySet<IndexedDocument> {
    return this.postings.get(term) ?? new Set();
  }

  averageFieldLength(field: SparseField): number {
    return this.documents.size === 0 ? 0 : (this.fieldLengthTotals.get(field) ?? 0) / this.documents.size;
  }

  private adjustTotals(indexed: IndexedDocument, sign: 1 | -1): void {
    for (const field of SPARSE_FIELDS) {
      this.fieldLengthTotals.set(
        field,
        (this.fieldLengthTotals.get(field) ?? 0) + sign * (indexed.fieldLengths.get(field) ?? 0),
      );
    }
    adjustFrequencies(this.tagFrequencies, indexed.fieldCounts.get("tags")?.keys() ?? [], sign);
    if (indexed.entry.publicationState !== "PUBLISHED") return;
    this.published += sign;
    adjustFrequencies(this.publishedFrequencies, indexed.entry.document.terms, sign);
    adjustFrequencies(this.nameFrequencies, indexed.fieldCounts.get("names")?.keys() ?? [], sign);
  }
}
