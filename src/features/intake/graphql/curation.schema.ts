// Curator mutations that end a problem's working life: rejectSubmission, withdrawProblem and
// mergeProblem(into:). Each needs CURATOR, writes one change event and returns the problem or a typed error.
import type { Problem } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../../research/commands/write-props.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { ProblemType } from "../../problems/graphql/problem.schema.js";
import { rejectSubmission, withdrawProblem } from "../commands/curate-problem.commands.js";
import { MergeIntoSelfError, ProblemStateError } from "../domain/intake.errors.js";
import { CURATION_ERRORS } from "./intake.schema.js";
import { mergeProblem } from "../commands/merge-problem.command.js";

const STATE_ERRORS = [...CURATION_ERRORS, ProblemStateError];

const CurateProblemInput = builder.inputType("CurateProblemInput", {
  fields: (t) => ({
    problemRef: t.string({ required: true }),
    reason: t.string({
      required: true,
      description: "Why, for the agents who follow the problem (1-2,000 characters); recorded on the event.",
    }),
  }),
});

const CuratedProblemPayload = builder.objectRef<{ problem: Problem }>("CuratedProblemPayload").implement({
  fields: (t) => ({ problem: t.field({ type: ProblemType, resolve: (payload) => payload.problem }) }),
});

builder.mutationField("rejectSubmission", (t) =>
  t.field({
    type: CuratedProblemPayload,
    description:
      "Refuses a submitted problem in PENDING_REVIEW or CHALLENGE_PERIOD; it becomes REJECTED and takes no work.",
    errors: { types: STATE_ERRORS, directResult: true, union: { name: "RejectSubmissionResult" } },
    args: { input: t.arg({ type: CurateProblemInput, required: true }) },
    resolve: (_root, { input }, context) =>
      rejectSubmission({
        ...writeProps(context.services, requireRole(context.auth, "CURATOR")),
        input,
      }),
  }),
);

builder.mutationField("withdrawProblem", (t) =>
  t.field({
    type: CuratedProblemPayload,
    description: "Withdraws a live problem; only SOURCE_AUDIT and CORRECTION work continues on it.",
    errors: { types: STATE_ERRORS, directResult: true, union: { name: "WithdrawProblemResult" } },
    args: { input: t.arg({ type: CurateProblemInput, required: true }) },
    resolve: (_root, { input }, context) =>
      withdrawProblem({
        ...writeProps(context.services, requireRole(context.auth, "CURATOR")),
        input,
      }),
  }),
);

const MergeProblemPayload = builder.objectRef<{ problem: Problem; merged: Problem }>("MergeProblemPayload").implement({
  fields: (t) => ({
    problem: t.field({
      type: ProblemType,
      description: "The survivor: every ref of the merged problem now resolves here.",
      resolve: (payload) => payload.problem,
    }),
    merged: t.field({
      type: ProblemType,
      description: "The merged problem, now MERGED with `mergedInto` set.",
      resolve: (payload) => payload.merged,
    }),
  }),
});

builder.mutationField("mergeProblem", (t) =>
  t.field({
    type: MergeProblemPayload,
    description:
      "Merges `input.problemRef` into `into`: its identifiers resolve to the survivor and its projects and records move there.",
    errors: { types: [...STATE_ERRORS, MergeIntoSelfError], directResult: true, union: { name: "MergeProblemResult" } },
    args: { input: t.arg({ type: CurateProblemInput, required: true }), into: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      mergeProblem({
        ...writeProps(context.services, requireRole(context.auth, "CURATOR")),
        input: { ...args.input, into: args.into },
      }),
  }),
);
