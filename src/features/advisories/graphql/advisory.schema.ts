// Advisories over GraphQL (CURATOR): raiseAdvisory flags a problem's statement or sources, resolveAdvisory
// settles one. A blocking advisory pauses PROVE, RESOLVE and BOUNTY work (orient's actionability).
import type { Advisory } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../../research/commands/write-props.js";
import { CURATION_ERRORS } from "../../intake/graphql/intake.schema.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { AdvisoryType } from "../../problems/graphql/problem.schema.js";
import { raiseAdvisory, resolveAdvisory } from "../commands/advisory.commands.js";

const AdvisoryPayload = builder.objectRef<{ advisory: Advisory }>("AdvisoryPayload").implement({
  fields: (t) => ({ advisory: t.field({ type: AdvisoryType, resolve: (payload) => payload.advisory }) }),
});

const RaiseAdvisoryInput = builder.inputType("RaiseAdvisoryInput", {
  fields: (t) => ({
    problemRef: t.string({ required: true }),
    kind: t.string({
      required: true,
      description: "STATEMENT_INTEGRITY, SOURCE_MISMATCH, RESOLUTION_DISPUTED, FORMALIZATION_MISMATCH or OTHER.",
    }),
    message: t.string({ required: true }),
    blocking: t.boolean({ required: true, description: "A blocking advisory pauses PROVE, RESOLVE and BOUNTY work." }),
  }),
});

builder.mutationField("raiseAdvisory", (t) =>
  t.field({
    type: AdvisoryPayload,
    errors: { types: CURATION_ERRORS, directResult: true, union: { name: "RaiseAdvisoryResult" } },
    args: { input: t.arg({ type: RaiseAdvisoryInput, required: true }) },
    resolve: async (_root, { input }, context) => ({
      advisory: await raiseAdvisory({
        ...writeProps(context.services, requireRole(context.auth, "CURATOR")),
        input,
      }),
    }),
  }),
);

builder.mutationField("resolveAdvisory", (t) =>
  t.field({
    type: AdvisoryPayload,
    errors: { types: CURATION_ERRORS, directResult: true, union: { name: "ResolveAdvisoryResult" } },
    args: { advisoryId: t.arg.id({ required: true }), resolution: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => ({
      advisory: await resolveAdvisory({
        ...writeProps(context.services, requireRole(context.auth, "CURATOR")),
        input: { advisoryId: String(args.advisoryId), resolution: args.resolution },
      }),
    }),
  }),
);
