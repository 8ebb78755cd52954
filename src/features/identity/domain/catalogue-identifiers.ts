// The identifiers a catalogue problem is reachable by, derived from its record at import time.
import type { CatalogueProblem } from "../../catalogue/domain/catalogue.types.js";
import { type IdentityKind, identifierKey, numberKey, statementHash } from "./identifier-keys.js";

export interface IdentifierRow {
  kind: IdentityKind;
  value: string;
  display: string;
}

export function identifiersFor(problem: CatalogueProblem, statementAccession: number | null): IdentifierRow[] {
  const rows: IdentifierRow[] = [];
  const add = (kind: IdentityKind, display: string, key = identifierKey(kind, display)) => {
    if (key && !rows.some((row) => row.kind === kind && row.value === key)) rows.push({ kind, value: key, display });
  };
  add("STABLE_ID", problem.stableId);
  add("SLUG", problem.slug);
  if (problem.number !== null)
    add("NUMBER", `${problem.collection} ${problem.number}`, numberKey(problem.collection, problem.number));
  for (const source of problem.sources) {
    add("SOURCE_RECORD_ID", source.recordId);
    if (source.url) add("URL", source.url);
  }
  for (const declaration of problem.formalDeclarations) add("LEAN_DECLARATION", declaration.declName);
  for (const alias of problem.aliases) add("ALIAS", alias);
  add("ALIAS", problem.title);
  if (problem.statement) add("STATEMENT_HASH", statementHash(problem.statement));
  if (statementAccession !== null) add("STATEMENT_ACCESSION", `S${statementAccession}`);
  return rows;
}
