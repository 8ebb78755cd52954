// Reads canonical problems back into the plain CatalogueProblem shape, so derived views are built
// from the record by the same functions at write time and at rebuild time.
import type { Prisma } from "../../../generated/prisma/client.js";
import type { CatalogueProblem } from "../../catalogue/domain/catalogue.types.js";

export const PROBLEM_RECORD_INCLUDE = {
  identifiers: { where: { kind: "ALIAS" }, orderBy: { display: "asc" } },
  sources: { orderBy: { recordId: "asc" } },
  formalDeclarations: { orderBy: [{ file: "asc" }, { line: "asc" }] },
  statementFamily: { include: { statements: { orderBy: { createdAt: "asc" } } } },
} satisfies Prisma.ProblemInclude;

export type ProblemRecord = Prisma.ProblemGetPayload<{ include: typeof PROBLEM_RECORD_INCLUDE }>;

export function problemRecordToCatalogue(row: ProblemRecord): CatalogueProblem {
  return {
    stableId: row.stableId,
    collection: row.collection,
    number: row.number,
    slug: row.slug,
    title: row.title,
    statement: row.statement,
    definitions: Array.isArray(row.definitions) ? (row.definitions as unknown as CatalogueProblem["definitions"]) : [],
    tags: row.tags,
    prize: row.prize,
    oeisIds: row.oeisIds,
    comments: row.comments,
    remarks: row.remarks,
    resolutionState: row.resolutionState,
    resolutionNote: row.resolutionNote,
    formalizedSolution: row.formalizedSolution,
    publicationState: row.publicationState,
    sourceUpdatedAt: row.sourceUpdatedAt?.toISOString() ?? null,
    acceptanceConditions: row.acceptanceConditions,
    aliases: row.identifiers.map((identifier) => identifier.display),
    sources: row.sources.map((source) => ({
      kind: source.kind as CatalogueProblem["sources"][number]["kind"],
      recordId: source.recordId,
      url: source.url,
      title: source.title,
    })),
    wordings: canonicalFirst(row.statementFamily?.statements ?? [], row.statementHash).map((wording) => ({
      text: wording.text,
      origin: wording.origin,
      declarationNames: wording.declarationNames,
    })),
    formalDeclarations: row.formalDeclarations.map((declaration) => ({
      declName: declaration.declName,
      kind: declaration.kind,
      statement: declaration.statement,
      docstring: declaration.docstring,
      category: declaration.category,
      file: declaration.file,
      line: declaration.line,
      pinnedWorld: declaration.pinnedWorld,
      hasAnswerPlaceholder: declaration.hasAnswerPlaceholder,
      proofUsesSorry: declaration.proofUsesSorry,
    })),
  };
}

/** The family's wordings with the problem's current statement first, as the catalogue lists them. */
function canonicalFirst<T extends { hash: string }>(wordings: T[], statementHash: string | null): T[] {
  return [
    ...wordings.filter((wording) => wording.hash === statementHash),
    ...wordings.filter((wording) => wording.hash !== statementHash),
  ];
}
