// `recordUse` mutation (AGENT role, like every research write): which records of an orient or
// checkPlan impression the agent used, and the outcome; stored as a causal-use event.
import { builder } from "../../../graphql/builder.js";
import { WRITE_ERRORS } from "../../../graphql/errors.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { recordUse } from "../commands/record-use.command.js";

const RecordUseInput = builder.inputType("RecordUseInput", {
  fields: (t) => ({
    impressionId: t.id({ required: true }),
    usedRecords: t.stringList({
      required: true,
      description: "Research-object refs (id, accession, slug or content hash) the agent used.",
    }),
    outcome: t.string({ description: "Short label of what came of it, e.g. `progress`, `dead end`, `solved`." }),
  }),
});

type Payload = Awaited<ReturnType<typeof recordUse>>;

const RecordUsePayload = builder.objectRef<Payload>("RecordUsePayload").implement({
  fields: (t) => ({
    useEventId: t.id({ resolve: (payload) => payload.event.id }),
    impressionId: t.id({ resolve: (payload) => payload.impression.id }),
    usedRecordIds: t.idList({ resolve: (payload) => payload.event.usedRecordIds }),
    notShown: t.idList({
      description: "Used records the impression did not return (found elsewhere).",
      resolve: (payload) => payload.event.usedRecordIds.filter((id) => !payload.shownIds.has(id)),
    }),
    outcome: t.string({ nullable: true, resolve: (payload) => payload.event.outcome }),
  }),
});

builder.mutationField("recordUse", (t) =>
  t.field({
    type: RecordUsePayload,
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "RecordUseResult" } },
    args: { input: t.arg({ type: RecordUseInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      return recordUse(context.prisma, context.services.impressions, operator.id, {
        impressionId: String(input.impressionId),
        usedRecords: input.usedRecords,
        outcome: input.outcome,
      });
    },
  }),
);
