// The catalogue as plain data: what importers produce and what the database and the discovery
// index consume. Nothing here touches the database.

export type ResolutionState =
  | "OPEN"
  | "PROVED"
  | "DISPROVED"
  | "SOLVED"
  | "FALSIFIABLE"
  | "VERIFIABLE"
  | "DECIDABLE"
  | "NOT_PROVABLE"
  | "NOT_DISPROVABLE"
  | "INDEPENDENT"
  | "UNKNOWN";

export type PublicationState =
  "PUBLISHED" | "CHALLENGE_PERIOD" | "PENDING_REVIEW" | "CATALOGUED" | "WITHDRAWN" | "REJECTED" | "MERGED";

/** A challenge-period problem is actionable as soon as intake assigns its ID: a discovery candidate, like a published one. */
export function isActionable(state: PublicationState): boolean {
  return state === "PUBLISHED" || state === "CHALLENGE_PERIOD";
}

export interface CatalogueDefinition {
  /** The defined term as written, e.g. "Sidon set" or "IsPrimitive". */
  term: string;
  /** Its text: the docstring of a Lean `def`, or a hand-written definition. */
  text: string;
}

export interface CatalogueFormalDeclaration {
  declName: string;
  kind: string;
  statement: string;
  docstring: string | null;
  category: string | null;
  file: string | null;
  line: number | null;
  /** Repository and commit the declaration was read from, e.g. "google-deepmind/formal-conjectures@488aade2". */
  pinnedWorld: string;
  hasAnswerPlaceholder: boolean;
  proofUsesSorry: boolean;
}

export interface CatalogueSource {
  /** ERDOS_SITE cites erdosproblems.com itself, in the form the site asks for. */
  kind: "ERDOS_DATABASE" | "ERDOS_SITE" | "FORMAL_CONJECTURES" | "URL" | "FIXTURE";
  recordId: string;
  url: string | null;
  title: string | null;
}

/**
 * One wording in the problem's statement family. The canonical statement is among them; the others
 * are kept so a reader can see where wordings differ (an older site capture, a formal docstring).
 */
export interface CatalogueWording {
  text: string;
  /** Where the wording comes from: "ERDOS_SITE", "ERDOS_SITE_REVISION", "FORMAL_CONJECTURES", ... */
  origin: string;
  /** The Lean declarations whose docstring this wording is; empty for prose sources. */
  declarationNames: string[];
}

/** One canonical problem, ready to be written. `stableId` is deterministic, so re-imports are idempotent. */
export interface CatalogueProblem {
  stableId: string;
  /** Lower-case collection key: "erdos", "wikipedia", "oeis", "arxiv", ... */
  collection: string;
  /** Problem number within its collection (Erdős numbers), else null. */
  number: number | null;
  slug: string;
  title: string;
  /** Canonical statement (natural language, may contain LaTeX); null when no source gives one. */
  statement: string | null;
  definitions: CatalogueDefinition[];
  tags: string[];
  prize: string | null;
  oeisIds: string[];
  comments: string | null;
  /** Remarks printed under the statement (history, partial results, citations); searchable, never identifying. */
  remarks: string | null;
  resolutionState: ResolutionState;
  resolutionNote: string | null;
  formalizedSolution: boolean;
  /** PUBLISHED when a canonical statement exists (docs/catalogue.md); CATALOGUED (exact identity only) when it does not. */
  publicationState: PublicationState;
  sourceUpdatedAt: string | null;
  acceptanceConditions: string | null;
  aliases: string[];
  sources: CatalogueSource[];
  /** Every wording of the statement family, canonical first; empty means the statement alone. */
  wordings: CatalogueWording[];
  formalDeclarations: CatalogueFormalDeclaration[];
}
