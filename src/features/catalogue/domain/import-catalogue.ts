// Writes a parsed catalogue into the database in ONE transaction: new problems are created, changed
// ones updated, unchanged ones skipped (by digest), each write with its change event. All or nothing.
import { randomUUID } from "node:crypto";
import { Prisma, type PrismaClient } from "../../../generated/prisma/client.js";
import { LONG_TRANSACTION, type TransactionClient } from "../../../platform/db/transaction.js";
import { allocate } from "../../../events/counters.js";
import { appendEvents, type NewChangeEvent, type InlineViews } from "../../../events/change-events.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { identifiersFor } from "../../identity/domain/catalogue-identifiers.js";
import { statementHash } from "../../identity/domain/identifier-keys.js";
import type { CatalogueProblem } from "./catalogue.types.js";
import { catalogueProblemDigest as catalogueDigest } from "./catalogue-digest.js";
import { statementRows } from "./statement-wordings.js";

export interface ImportReport {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  published: number;
  catalogued: number;
  lastEventSequence: string | null;
  durationMs: number;
}

export interface ImportCatalogueProps {
  prisma: PrismaClient;
  problems: CatalogueProblem[];
  /** The views each batch's events advance (the registry's inline views). */
  inlineViews: InlineViews;
  /** Called after each batch with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Extra work inside the same transaction for the problems written (e.g. sparse documents). */
  afterWrite?: (tx: TransactionClient, problemIds: string[]) => Promise<void>;
}

const BATCH_SIZE = 250;

function assertUnique(problems: CatalogueProblem[]): void {
  for (const field of ["stableId", "slug"] as const) {
    const seen = new Set<string>();
    for (const problem of problems) {
      if (seen.has(problem[field]))
        throw new InvalidInputError(`Duplicate ${field} in the catalogue: ${problem[field]}`, field);
      seen.add(problem[field]);
    }
  }
}

function problemColumns(problem: CatalogueProblem, digest: string) {
  return {
    stableId: problem.stableId,
    collection: problem.collection,
    number: problem.number,
    slug: problem.slug,
    title: problem.title,
    statement: problem.statement,
    statementHash: problem.statement ? statementHash(problem.statement) : null,
    definitions: problem.definitions as unknown as object,
    tags: problem.tags,
    prize: problem.prize,
    oeisIds: problem.oeisIds,
    comments: problem.comments,
    remarks: problem.remarks,
    resolutionState: problem.resolutionState,
    resolutionNote: problem.resolutionNote,
    formalizedSolution: problem.formalizedSolution,
    publicationState: problem.publicationState,
    acceptanceConditions: problem.acceptanceConditions,
    sourceUpdatedAt: problem.sourceUpdatedAt ? new Date(problem.sourceUpdatedAt) : null,
    publishedAt: problem.publicationState === "PUBLISHED" ? new Date() : null,
    importDigest: digest,
  };
}

/** A timestamp(3) value in UTC, as Prisma writes DateTime columns, whatever the session's time zone. */
function utcNow(): Prisma.Sql {
  return Prisma.sql`(${new Date().toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

// The children of a batch go in one INSERT ... SELECT FROM unnest(arrays) per table: a handful of parameters
// instead of one per value (tens of thousands for the full catalogue), so neither Prisma nor Postgres handles
// each row separately. The rows are the ones createMany({ skipDuplicates: true }) would write.
async function writeChildren(
  tx: TransactionClient,
  rows: { id: string; problem: CatalogueProblem; accession: number | null }[],
) {
  const identifiers = rows.flatMap(({ id, problem, accession }) =>
    identifiersFor(problem, accession).map((identifier) => ({ ...identifier, problemId: id })),
  );
  if (identifiers.length > 0) {
    await tx.$executeRaw`
      INSERT INTO problem_identifiers (kind, value, problem_id, display, created_at)
      SELECT v.kind::"IdentityKind", v.value, v.problem_id, v.display, ${utcNow()}
      FROM unnest(${identifiers.map((row) => row.kind)}::text[], ${identifiers.map((row) => row.value)}::text[],
                  ${identifiers.map((row) => row.problemId)}::uuid[], ${identifiers.map((row) => row.display)}::text[])
           AS v(kind, value, problem_id, display)
      ON CONFLICT DO NOTHING`;
  }
  const sources = rows.flatMap(({ id, problem }) => problem.sources.map((source) => ({ ...source, problemId: id })));
  if (sources.length > 0) {
    await tx.$executeRaw`
      INSERT INTO problem_sources (id, problem_id, kind, record_id, url, title, created_at)
      SELECT v.id, v.problem_id, v.kind, v.record_id, v.url, v.title, ${utcNow()}
      FROM unnest(${sources.map(() => randomUUID())}::uuid[], ${sources.map((row) => row.problemId)}::uuid[],
                  ${sources.map((row) => row.kind)}::text[], ${sources.map((row) => row.recordId)}::text[],
                  ${sources.map((row) => row.url)}::text[], ${sources.map((row) => row.title)}::text[])
           AS v(id, problem_id, kind, record_id, url, title)
      ON CONFLICT DO NOTHING`;
  }
  const declarations = rows.flatMap(({ id, problem }) =>
    problem.formalDeclarations.map((declaration) => ({ ...declaration, problemId: id })),
  );
  if (declarations.length > 0) {
    await tx.$executeRaw`
      INSERT INTO formal_declarations (id, problem_id, decl_name, kind, statement, docstring, category, file, line, pinned_world,
                                       has_answer_placeholder, proof_uses_sorry, created_at)
      SELECT v.id, v.problem_id, v.decl_name, v.kind, v.statement, v.docstring, v.category, v.file, v.line, v.pinned_world,
             v.has_answer_placeholder, v.proof_uses_sorry, ${utcNow()}
      FROM unnest(${declarations.map(() => randomUUID())}::uuid[], ${declarations.map((row) => row.problemId)}::uuid[],
                  ${declarations.map((row) => row.declName)}::text[], ${declarations.map((row) => row.kind)}::text[],
                  ${declarations.map((row) => row.statement)}::text[], ${declarations.map((row) => row.docstring)}::text[],
                  ${declarations.map((row) => row.category)}::text[], ${declarations.map((row) => row.file)}::text[],
                  ${declarations.map((row) => row.line)}::int[], ${declarations.map((row) => row.pinnedWorld)}::text[],
                  ${declarations.map((row) => row.hasAnswerPlaceholder)}::boolean[], ${declarations.map((row) => row.proofUsesSorry)}::boolean[])
           AS v(id, problem_id, decl_name, kind, statement, docstring, category, file, line, pinned_world, has_answer_placeholder, proof_uses_sorry)
      ON CONFLICT DO NOTHING`;
  }
}

async function createStatementFamilies(tx: TransactionClient, rows: { id: string; problem: CatalogueProblem }[]) {
  const withStatement = rows.filter((row) => row.problem.statement);
  const accessions = new Map<string, number>();
  if (withStatement.length === 0) return accessions;
  const first = Number(await allocate(tx, "statement_accession", withStatement.length));
  const families = withStatement.map((row, index) => ({
    id: randomUUID(),
    accession: first + index,
    problemId: row.id,
  }));
  await tx.statementFamily.createMany({ data: families });
  await tx.problemStatement.createMany({
    data: withStatement.flatMap((row, index) => statementRows(families[index]!.id, row.problem)),
    skipDuplicates: true,
  });
  // One statement for the batch instead of a round trip per problem (what `update` would store, updated_at included).
  await tx.$executeRaw`
    UPDATE problems AS p SET statement_family_id = v.family_id, updated_at = ${utcNow()}
    FROM (SELECT unnest(${families.map((family) => family.problemId)}::uuid[]) AS problem_id,
                 unnest(${families.map((family) => family.id)}::uuid[]) AS family_id) AS v
    WHERE p.id = v.problem_id`;
  for (const [index, family] of families.entries()) accessions.set(withStatement[index]!.id, family.accession);
  return accessions;
}

/**
 * Inserts new problems with statement families, identifiers, sources and declarations; returns their ids.
 * `ids` lets a caller that already claimed an id (an idempotent submission) use it.
 */
export async function insertCatalogueProblems(
  tx: TransactionClient,
  problems: CatalogueProblem[],
  ids: string[] = [],
): Promise<string[]> {
  const rows = problems.map((problem, index) => ({ id: ids[index] ?? randomUUID(), problem }));
  await tx.problem.createMany({
    data: rows.map(({ id, problem }) => ({ id, ...problemColumns(problem, catalogueDigest(problem)) })),
  });
  const accessions = await createStatementFamilies(tx, rows);
  await writeChildren(
    tx,
    rows.map((row) => ({ ...row, accession: accessions.get(row.id) ?? null })),
  );
  return rows.map((row) => row.id);
}

async function updateProblem(tx: TransactionClient, id: string, problem: CatalogueProblem): Promise<void> {
  const existing = await tx.problem.findUniqueOrThrow({
    where: { id },
    select: { statementFamilyId: true, statementHash: true },
  });
  await tx.problem.update({ where: { id }, data: problemColumns(problem, catalogueDigest(problem)) });
  let accession: number | null = null;
  if (problem.statement && existing.statementFamilyId) {
    const family = await tx.statementFamily.findUniqueOrThrow({ where: { id: existing.statementFamilyId } });
    accession = family.accession;
    // A wording already in the family keeps its row (research may point at it) and takes the new provenance.
    for (const row of statementRows(family.id, problem)) {
      await tx.problemStatement.upsert({
        where: { familyId_hash: { familyId: row.familyId, hash: row.hash } },
        create: row,
        update: { origin: row.origin, declarationNames: row.declarationNames },
      });
    }
  } else if (problem.statement) {
    accession = (await createStatementFamilies(tx, [{ id, problem }])).get(id) ?? null;
  }
  await tx.problemIdentifier.deleteMany({ where: { problemId: id } });
  await tx.problemSource.deleteMany({ where: { problemId: id } });
  await tx.formalDeclaration.deleteMany({ where: { problemId: id } });
  await writeChildren(tx, [{ id, problem, accession }]);
}

export async function importCatalogue(props: ImportCatalogueProps): Promise<ImportReport> {
  const started = Date.now();
  assertUnique(props.problems);
  return props.prisma.$transaction(async (tx) => {
    const existing = await tx.problem.findMany({ select: { id: true, stableId: true, importDigest: true } });
    const byStableId = new Map(existing.map((row) => [row.stableId, row]));
    const report: ImportReport = {
      total: props.problems.length,
      created: 0,
      updated: 0,
      unchanged: 0,
      published: 0,
      catalogued: 0,
      lastEventSequence: null,
      durationMs: 0,
    };
    for (let start = 0; start < props.problems.length; start += BATCH_SIZE) {
      const batch = props.problems.slice(start, start + BATCH_SIZE);
      const fresh = batch.filter((problem) => !byStableId.has(problem.stableId));
      const events: NewChangeEvent[] = [];
      const createdIds = await insertCatalogueProblems(tx, fresh);
      createdIds.forEach((id, index) => events.push(problemEvent(id, "problem.created", fresh[index]!)));
      const written = [...createdIds];
      for (const problem of batch) {
        const previous = byStableId.get(problem.stableId);
        if (!previous) continue;
        if (previous.importDigest === catalogueDigest(problem)) {
          report.unchanged += 1;
          continue;
        }
        await updateProblem(tx, previous.id, problem);
        events.push(problemEvent(previous.id, "problem.updated", problem));
        written.push(previous.id);
        report.updated += 1;
      }
      report.created += createdIds.length;
      if (written.length > 0) await props.afterWrite?.(tx, written);
      const last = await appendEvents(tx, events, props.inlineViews);
      if (last !== null) report.lastEventSequence = last.toString();
      props.onProgress?.(Math.min(start + BATCH_SIZE, props.problems.length), props.problems.length);
    }
    const counts = await tx.problem.groupBy({ by: ["publicationState"], _count: { _all: true } });
    for (const row of counts) {
      if (row.publicationState === "PUBLISHED") report.published = row._count._all;
      if (row.publicationState === "CATALOGUED") report.catalogued = row._count._all;
    }
    report.durationMs = Date.now() - started;
    return report;
  }, LONG_TRANSACTION);
}

function problemEvent(id: string, eventType: string, problem: CatalogueProblem): NewChangeEvent {
  return {
    routingTargetId: id,
    resourceType: "problem",
    resourceId: id,
    eventType,
    payload: { stableId: problem.stableId, publicationState: problem.publicationState },
  };
}
