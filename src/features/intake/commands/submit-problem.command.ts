// submitProblem: runs discovery on the proposed statement first. A strong unpublished match pauses the
// submission for curator review; a strong published match asks the caller to compare (and either use
// that stable ref or confirm it is distinct); otherwise deterministic intake mints an id at once.
// Before any of that: a statement with no mathematical content is refused (statement-content.ts), and
// an exact identifier in the text ("Erdős problem 12: …") answers with that problem, minting nothing.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import { allocate } from "../../../events/counters.js";
import { appendEvent, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { CatalogueProblem } from "../../catalogue/domain/catalogue.types.js";
import { insertCatalogueProblems } from "../../catalogue/domain/import-catalogue.js";
import { discover, type DiscoveryCandidate } from "../../discovery/domain/discover.js";
import type { DiscoveryIndex } from "../../discovery/domain/discovery-index.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "../../research/domain/idempotency.js";
import { IdempotencyConflictError } from "../../research/domain/research.errors.js";
import { kebab } from "../../research/domain/slugs.js";
import { maintainProblemDocuments } from "../../discovery/projection/problem-documents.js";
import { exactReferences } from "../../discovery/domain/exact-references.js";
import { MAX_REF_LENGTH, resolveProblemRefs } from "../../identity/domain/resolve-problem-ref.js";
import { StatementRefusedError } from "../domain/intake.errors.js";
import { statementRefusal } from "../domain/statement-content.js";
import {
  CHALLENGE_PERIOD_DAYS,
  DUPLICATE_MIN_COVERAGE,
  MAX_DEFINITIONS,
  MAX_STATEMENT_CHARS,
  MAX_SUBMISSION_TITLE_CHARS,
  PUBLISHED_DUPLICATE_CONFIDENCE,
  UNPUBLISHED_DUPLICATE_CONFIDENCE,
} from "../domain/intake.constants.js";

export interface SubmitProblemInput {
  title: string;
  statement: string;
  tags?: string[] | null;
  definitions?: { term: string; text: string }[] | null;
  sourceUrl?: string | null;
  acceptanceConditions?: string | null;
  confirmedDistinctFrom?: string[] | null;
  idempotencyKey: string;
}

export type SubmissionOutcome = "ACCEPTED" | "PAUSED_FOR_REVIEW" | "POSSIBLE_DUPLICATE" | "ALREADY_CATALOGUED";

export interface SubmissionResult {
  outcome: SubmissionOutcome;
  problemId: string | null;
  candidates: DiscoveryCandidate[];
  replayed: boolean;
  /** The identifier as written in the submission, when it named a catalogued problem (ALREADY_CATALOGUED). */
  matchedReference?: string | null;
}

function validate(input: SubmitProblemInput): { title: string; statement: string } {
  const title = input.title.trim();
  const statement = input.statement.trim();
  if (!title || title.length > MAX_SUBMISSION_TITLE_CHARS)
    throw new InvalidInputError(`title must be 1-${MAX_SUBMISSION_TITLE_CHARS} characters`, "title");
  if (!statement || statement.length > MAX_STATEMENT_CHARS)
    throw new InvalidInputError(`statement must be 1-${MAX_STATEMENT_CHARS} characters`, "statement");
  if ((input.definitions?.length ?? 0) > MAX_DEFINITIONS)
    throw new InvalidInputError(`at most ${MAX_DEFINITIONS} definitions`, "definitions");
  const refusal = statementRefusal(statement);
  if (refusal) throw new StatementRefusedError(refusal.rule, refusal.message);
  return { title, statement };
}

/**
 * The first catalogued problem an exact identifier in the title or statement names, unless the caller
 * confirmed it is a different problem. Refs that are not identifier-shaped (a one-word text) never count.
 */
async function namedProblem(prisma: PrismaClient, title: string, statement: string, confirmed: ReadonlySet<string>) {
  const references = [title, statement].flatMap((text) =>
    exactReferences(text).filter(
      (reference) => reference.ref.length <= MAX_REF_LENGTH && /\s|[:#./-]|\d/u.test(reference.ref),
    ),
  );
  if (references.length === 0) return null;
  const resolutions = await resolveProblemRefs(
    prisma,
    references.map((reference) => reference.ref),
  );
  const ids = [...new Set(resolutions.flatMap((resolution) => (resolution.problemId ? [resolution.problemId] : [])))];
  const stableIds = new Map(
    (await prisma.problem.findMany({ where: { id: { in: ids } }, select: { id: true, stableId: true } })).map((row) => [
      row.id,
      row.stableId,
    ]),
  );
  const named = resolutions.find(
    (resolution) => resolution.problemId && !confirmed.has(stableIds.get(resolution.problemId) ?? ""),
  );
  return named ? { problemId: named.problemId!, reference: named.ref } : null;
}

function strongMatches(candidates: DiscoveryCandidate[], threshold: number): DiscoveryCandidate[] {
  return candidates.filter(
    (candidate) => candidate.confidence >= threshold && candidate.coverage >= DUPLICATE_MIN_COVERAGE,
  );
}

/** Catalogued and in-review matches pause a submission; a withdrawn, rejected or merged one does not. */
async function liveMatches(prisma: PrismaClient, candidates: DiscoveryCandidate[]): Promise<DiscoveryCandidate[]> {
  if (candidates.length === 0) return [];
  const live = await prisma.problem.findMany({
    where: {
      id: { in: candidates.map((candidate) => candidate.problemId) },
      publicationState: { in: ["CATALOGUED", "PENDING_REVIEW"] },
    },
    select: { id: true },
  });
  const liveIds = new Set(live.map((row) => row.id));
  return candidates.filter((candidate) => liveIds.has(candidate.problemId));
}

async function replayOf(prisma: PrismaClient, problemId: string): Promise<SubmissionResult> {
  const stored = await prisma.problem.findUniqueOrThrow({
    where: { id: problemId },
    select: { publicationState: true },
  });
  return {
    outcome: stored.publicationState === "PENDING_REVIEW" ? "PAUSED_FOR_REVIEW" : "ACCEPTED",
    problemId,
    candidates: [],
    replayed: true,
  };
}

export async function submitProblem(props: {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  index: DiscoveryIndex | null;
  operator: AuthenticatedOperator;
  input: SubmitProblemInput;
  now?: Date;
}): Promise<SubmissionResult> {
  const { title, statement } = validate(props.input);
  const key = validateIdempotencyKey(props.input.idempotencyKey);
  const scope = { operatorId: props.operator.id, operation: "submitProblem", scope: "", key };
  const digest = requestDigest({ ...props.input });
  // A retry must replay before discovery runs: by then the first attempt's own problem is a candidate.
  const earlier = await props.prisma.idempotencyRecord.findUnique({ where: { operatorId_operation_scope_key: scope } });
  if (earlier) {
    if (earlier.requestHash !== digest) throw new IdempotencyConflictError(key);
    return replayOf(props.prisma, earlier.resultId);
  }
  const confirmed = new Set(props.input.confirmedDistinctFrom ?? []);
  const named = await namedProblem(props.prisma, title, statement, confirmed);
  if (named)
    return {
      outcome: "ALREADY_CATALOGUED",
      problemId: named.problemId,
      candidates: [],
      replayed: false,
      matchedReference: named.reference,
    };
  const discovery = discover(props.index, `${title}\n${statement}`.slice(0, 8_000), { limit: 5 });
  const unpublished = await liveMatches(
    props.prisma,
    strongMatches(discovery.duplicateWarnings, UNPUBLISHED_DUPLICATE_CONFIDENCE),
  );
  const published = strongMatches(discovery.candidates, PUBLISHED_DUPLICATE_CONFIDENCE);
  const problemIds = [...published, ...unpublished].map((candidate) => candidate.problemId);
  const stableIds = new Map(
    (
      await props.prisma.problem.findMany({ where: { id: { in: problemIds } }, select: { id: true, stableId: true } })
    ).map((row) => [row.id, row.stableId]),
  );
  const unconfirmed = published.filter((candidate) => !confirmed.has(stableIds.get(candidate.problemId) ?? ""));
  if (unpublished.length === 0 && unconfirmed.length > 0)
    return { outcome: "POSSIBLE_DUPLICATE", problemId: null, candidates: unconfirmed, replayed: false };
  const outcome: SubmissionOutcome = unpublished.length > 0 ? "PAUSED_FOR_REVIEW" : "ACCEPTED";
  const now = props.now ?? new Date();
  const result = await props.prisma.$transaction(async (tx) => {
    const claim = await claimIdempotencyKey(tx, scope, digest);
    if (claim.replay) return { id: claim.resultId, sequence: null, replayed: true };
    const number = Number(await allocate(tx, "intake_number"));
    const problem: CatalogueProblem = {
      stableId: `cp:intake:${number}`,
      collection: "intake",
      number,
      slug: `intake-${number}-${kebab(title, 50)}`,
      title,
      statement,
      definitions: props.input.definitions ?? [],
      tags: props.input.tags ?? [],
      prize: null,
      oeisIds: [],
      comments: null,
      remarks: null,
      resolutionState: "OPEN",
      resolutionNote: null,
      formalizedSolution: false,
      publicationState: outcome === "ACCEPTED" ? "CHALLENGE_PERIOD" : "PENDING_REVIEW",
      sourceUpdatedAt: null,
      acceptanceConditions: props.input.acceptanceConditions ?? null,
      aliases: [],
      sources: props.input.sourceUrl
        ? [{ kind: "URL", recordId: `intake:${number}`, url: props.input.sourceUrl, title: null }]
        : [],
      wordings: [],
      formalDeclarations: [],
    };
    const [id] = await insertCatalogueProblems(tx, [problem], [claim.resultId]);
    const deadline = outcome === "ACCEPTED" ? new Date(now.getTime() + CHALLENGE_PERIOD_DAYS * 86_400_000) : null;
    await tx.problem.update({
      where: { id: id! },
      data: { challengeDeadline: deadline, submittedById: props.operator.id },
    });
    await maintainProblemDocuments(tx, [id!]);
    const sequence = await appendEvent(
      tx,
      {
        routingTargetId: id!,
        resourceType: "problem",
        resourceId: id!,
        eventType: "problem.submitted",
        operatorId: props.operator.id,
        payload: {
          stableId: problem.stableId,
          outcome,
          duplicateOf: unpublished.map((candidate) => stableIds.get(candidate.problemId) ?? candidate.problemId),
        },
      },
      props.inlineViews,
    );
    return { id: id!, sequence, replayed: false };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence);
  const stored = await props.prisma.problem.findUniqueOrThrow({
    where: { id: result.id },
    select: { publicationState: true },
  });
  return {
    outcome: stored.publicationState === "PENDING_REVIEW" ? "PAUSED_FOR_REVIEW" : "ACCEPTED",
    problemId: result.id,
    candidates: unpublished,
    replayed: result.replayed,
  };
}
