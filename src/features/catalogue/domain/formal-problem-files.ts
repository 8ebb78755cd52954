// Shared rules for turning the declarations of one formal-conjectures file into catalogue parts:
// which docstring is the canonical statement, which declarations are definitions, and provenance.

import { amsSubjectTag } from "./ams-subjects.js";
import type {
  CatalogueDefinition,
  CatalogueFormalDeclaration,
  CatalogueSource,
  ResolutionState,
} from "./catalogue.types.js";
import type { FormalConjectureRecord } from "./parse-formal-conjectures.js";

export const FORMAL_CONJECTURES_REPOSITORY = "google-deepmind/formal-conjectures";
/** The snapshot `statements.jsonl` was extracted from (see shared/data/formal-conjectures/README.md). */
export const FORMAL_CONJECTURES_COMMIT = "488aade228ec37880b8fec178c173c07d279bb53";
export const FORMAL_CONJECTURES_WORLD = `${FORMAL_CONJECTURES_REPOSITORY}@${FORMAL_CONJECTURES_COMMIT}`;

const RESEARCH_CATEGORIES: ReadonlySet<string> = new Set(["research open", "research solved"]);
/** Categories that never supply a statement: unit tests of definitions and library API lemmas. */
const NON_STATEMENT_CATEGORIES: ReadonlySet<string> = new Set(["test", "API"]);
const DEFINITION_KINDS: ReadonlySet<string> = new Set(["def", "abbrev", "structure", "class", "inductive"]);
const PROPOSITION_KINDS: ReadonlySet<string> = new Set(["theorem", "lemma"]);
const STATEMENT_SEPARATOR = "\n\n";

export interface SelectedStatement {
  text: string;
  /** The declarations whose docstrings make up `text`, in file order. */
  records: FormalConjectureRecord[];
}

export function formalFileUrl(file: string): string {
  return `https://github.com/${FORMAL_CONJECTURES_REPOSITORY}/blob/${FORMAL_CONJECTURES_COMMIT}/${file}`;
}

export function isResearchProposition(record: FormalConjectureRecord): boolean {
  return PROPOSITION_KINDS.has(record.kind) && record.category !== null && RESEARCH_CATEGORIES.has(record.category);
}

/**
 * The canonical statement of a problem file:
 * 1. the docstring of the theorem named exactly `mainName` (Erdős: `erdos_N`), when given and present;
 * 2. otherwise the first research theorem (by line) outside a `variants` namespace, else the first
 *    research theorem; if it is one part of a split statement (`X.parts.i`), the docstrings of all
 *    research parts `X.parts.*` joined in file order with a blank line;
 * 3. with no research theorem, the same rule over uncategorised and textbook theorems.
 * Test and API declarations never supply the statement. Docstrings are kept verbatim (trimmed).
 */
export function selectStatement(records: FormalConjectureRecord[], mainName?: string): SelectedStatement | null {
  const documented = records.filter((record) => PROPOSITION_KINDS.has(record.kind) && record.docstring !== null);
  const main = mainName === undefined ? undefined : documented.find((record) => record.shortName === mainName);
  if (main) return toSelected([main]);
  const research = documented.filter(isResearchProposition);
  const candidates =
    research.length > 0
      ? research
      : documented.filter((record) => record.category === null || !NON_STATEMENT_CATEGORIES.has(record.category));
  const primary = candidates.find((record) => !isVariant(record.shortName)) ?? candidates[0];
  if (!primary) return null;
  const partsPrefix = partsPrefixOf(primary.shortName);
  if (partsPrefix === null) return toSelected([primary]);
  return toSelected(candidates.filter((record) => record.shortName.startsWith(partsPrefix)));
}

/** OPEN when any statement theorem is `research open`, SOLVED when all are `research solved`. */
export function resolutionFromCategories(records: FormalConjectureRecord[]): ResolutionState {
  if (records.some((record) => record.category === "research open")) return "OPEN";
  if (records.length > 0 && records.every((record) => record.category === "research solved")) return "SOLVED";
  return "UNKNOWN";
}

/** Every statement theorem is solved and either proved in the repository or linked to a formal proof. */
export function hasFormalizedSolution(records: FormalConjectureRecord[]): boolean {
  return (
    records.length > 0 &&
    records.every(
      (record) =>
        record.category === "research solved" && (!record.proofUsesSorry || record.formalProofUrls.length > 0),
    )
  );
}

/** Readable subjects of the AMS numbers on the research theorems, in first-seen order. */
export function subjectTagsOf(records: FormalConjectureRecord[]): string[] {
  return [
    ...new Set(
      records
        .filter(isResearchProposition)
        .flatMap((record) => record.ams)
        .map(amsSubjectTag),
    ),
  ];
}

/** Docstrings of the file's definitions, keyed by the name as written after the keyword. */
export function definitionsOf(records: FormalConjectureRecord[]): CatalogueDefinition[] {
  const seen = new Set<string>();
  const definitions: CatalogueDefinition[] = [];
  for (const record of records) {
    if (!DEFINITION_KINDS.has(record.kind) || record.docstring === null || seen.has(record.shortName)) continue;
    seen.add(record.shortName);
    definitions.push({ term: record.shortName, text: record.docstring });
  }
  return definitions;
}

export function toFormalDeclaration(record: FormalConjectureRecord): CatalogueFormalDeclaration {
  return {
    declName: record.declName,
    kind: record.kind,
    statement: record.statement,
    docstring: record.docstring,
    category: record.category,
    file: record.file,
    line: record.line,
    pinnedWorld: FORMAL_CONJECTURES_WORLD,
    hasAnswerPlaceholder: record.hasAnswerPlaceholder,
    proofUsesSorry: record.proofUsesSorry,
  };
}

export function formalFileSource(file: string, title: string | null): CatalogueSource {
  return { kind: "FORMAL_CONJECTURES", recordId: file, url: formalFileUrl(file), title };
}

/** Records of one problem in a stable order: by file, then by line. */
export function sortByPosition(records: FormalConjectureRecord[]): FormalConjectureRecord[] {
  return [...records].sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

function toSelected(records: FormalConjectureRecord[]): SelectedStatement {
  return { text: records.map((record) => record.docstring ?? "").join(STATEMENT_SEPARATOR), records };
}

function isVariant(shortName: string): boolean {
  return shortName.split(".").includes("variants");
}

function partsPrefixOf(shortName: string): string | null {
  const index = shortName.indexOf(".parts.");
  return index < 0 ? null : shortName.slice(0, index + ".parts.".length);
}
