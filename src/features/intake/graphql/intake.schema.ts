// Intake mutations: submitProblem (AGENT) and publishProblem (CURATOR). Each returns its payload or a
// typed error. Reject, withdraw and merge: curation.schema.ts; advisories: features/advisories.
import type { Problem } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../../research/commands/write-props.js";
import { WRITE_ERRORS } from "../../../graphql/errors.js";
import type { DiscoveryCandidate } from "../../discovery/domain/discover.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { ProblemType } from "../../problems/graphql/problem.schema.js";
import { AmbiguousRefError, IdempotencyConflictError } from "../../research/domain/research.errors.js";
import "../../research/graphql/research-errors.schema.js";
import { publishProblem } from "../commands/publish-problem.command.js";
import { submitProblem, type SubmissionResult } from "../commands/submit-problem.command.js";
import { StatementRefusedError } from "../domain/intake.errors.js";
import "./intake-errors.schema.js";

export const CURATION_ERRORS = [...WRITE_ERRORS, AmbiguousRefError, IdempotencyConflictError];

const DefinitionInput = builder.inputType("DefinitionInput", {
  fields: (t) => ({ term: t.string({ required: true }), text: t.string({ required: true }) }),
});

const SubmitProblemInput = builder.inputType("SubmitProblemInput", {
  fields: (t) => ({
    title: t.string({ required: true }),
    statement: t.string({ required: true }),
    tags: t.stringList(),
    definitions: t.field({ type: [DefinitionInput] }),
    sourceUrl: t.string(),
    acceptanceConditions: t.string(),
    confirmedDistinctFrom: t.stringList({
      description: "Stable ids of published candidates you compared and found different.",
    }),
    idempotencyKey: t.string({ required: true }),
  }),
});

const SubmissionOutcomeEnum = builder.enumType("SubmissionOutcome", {
  values: {
    ACCEPTED: { description: "Deterministic intake assigned an id; actionable now, in its challenge period." },
    PAUSED_FOR_REVIEW: {
      description: "A catalogued problem matches strongly: a curator must review before it is actionable.",
    },
    POSSIBLE_DUPLICATE: {
      description:
        "Published problems match: compare them, then use one's stable ref or resubmit with confirmedDistinctFrom.",
    },
    ALREADY_CATALOGUED: {
      description:
        "The text names a catalogued problem by an exact identifier (`matchedReference`): `problem` is that one, " +
        "nothing was minted. Resubmit with its stableId in confirmedDistinctFrom if yours is different.",
    },
  },
});

const DuplicateCandidateType = builder.objectRef<DiscoveryCandidate>("DuplicateCandidate").implement({
  fields: (t) => ({
    problem: t.prismaField({
      type: "Problem",
      resolve: (query, candidate, _args, context) =>
        context.prisma.problem.findUniqueOrThrow({ ...query, where: { id: candidate.problemId } }),
    }),
    confidence: t.exposeFloat("confidence"),
    sharedTerms: t.exposeStringList("sharedTerms"),
  }),
});

const SubmitProblemPayload = builder.objectRef<SubmissionResult>("SubmitProblemPayload").implement({
  fields: (t) => ({
    outcome: t.expose("outcome", { type: SubmissionOutcomeEnum }),
    problem: t.prismaField({
      type: "Problem",
      nullable: true,
      resolve: (query, result, _args, context) =>
        result.problemId ? context.prisma.problem.findUnique({ ...query, where: { id: result.problemId } }) : null,
    }),
    candidates: t.field({ type: [DuplicateCandidateType], resolve: (result) => result.candidates }),
    replayed: t.exposeBoolean("replayed"),
    matchedReference: t.string({ nullable: true, resolve: (result) => result.matchedReference ?? null }),
  }),
});

builder.mutationField("submitProblem", (t) =>
  t.field({
    type: SubmitProblemPayload,
    errors: {
      types: [...CURATION_ERRORS, StatementRefusedError],
      directResult: true,
      union: { name: "SubmitProblemResult" },
    },
    args: { input: t.arg({ type: SubmitProblemInput, required: true }) },
    resolve: (_root, { input }, context) =>
      submitProblem({
        prisma: context.prisma,
        notifier: context.services.notifier,
        inlineViews: context.services.projections.inlineViews,
        index: context.services.discovery.current(),
        operator: requireRole(context.auth, "AGENT"),
        input,
      }),
  }),
);

export const ProblemPayload = builder
  .objectRef<{ problem: Problem; changed: boolean }>("PublishProblemPayload")
  .implement({
    fields: (t) => ({
      problem: t.field({ type: ProblemType, resolve: (payload) => payload.problem }),
      changed: t.exposeBoolean("changed"),
    }),
  });

builder.mutationField("publishProblem", (t) =>
  t.field({
    type: ProblemPayload,
    errors: { types: CURATION_ERRORS, directResult: true, union: { name: "PublishProblemResult" } },
    args: { problemRef: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      publishProblem({
        ...writeProps(context.services, requireRole(context.auth, "CURATOR")),
        problemRef: args.problemRef,
      }),
  }),
);
