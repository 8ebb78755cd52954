// GraphQL: quarantineResearch and releaseResearch (CURATOR), their inputs and typed errors.
import type { ResearchObject } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../commands/write-props.js";
import { ErrorInterface, WRITE_ERRORS } from "../../../graphql/errors.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { ResearchObjectType } from "./research-object.schema.js";
import { quarantineResearch, releaseResearch } from "../commands/quarantine.command.js";
import { QuarantineStateError } from "../domain/quarantine.errors.js";

builder.objectType(QuarantineStateError, {
  name: "ResearchQuarantineStateError",
  description: "The record is already in the asked-for state: ALREADY_QUARANTINED or NOT_QUARANTINED.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof QuarantineStateError,
  fields: (t) => ({ accession: t.exposeString("accession"), quarantined: t.exposeBoolean("quarantined") }),
});

const QUARANTINE_ERRORS = [...WRITE_ERRORS, QuarantineStateError];

const QuarantinePayload = builder.objectRef<{ object: ResearchObject }>("QuarantinePayload").implement({
  fields: (t) => ({ researchObject: t.field({ type: ResearchObjectType, resolve: (payload) => payload.object }) }),
});

const QuarantineResearchInput = builder.inputType("QuarantineResearchInput", {
  fields: (t) => ({
    accession: t.string({
      required: true,
      description: "Any research-object ref: accession (R12), id, slug or content hash.",
    }),
    reason: t.string({
      required: true,
      description: "Why the record is held out of packets; kept on the record and in the event.",
    }),
  }),
});

const ReleaseResearchInput = builder.inputType("ReleaseResearchInput", {
  fields: (t) => ({
    accession: t.string({ required: true }),
    reason: t.string({ description: "Why the record may reach packets again; kept in the event." }),
  }),
});

builder.mutationField("quarantineResearch", (t) =>
  t.field({
    type: QuarantinePayload,
    description:
      "CURATOR: hold a record out of every packet except SOURCE_AUDIT and CORRECTION ones (event research.quarantined).",
    errors: { types: QUARANTINE_ERRORS, directResult: true, union: { name: "QuarantineResearchResult" } },
    args: { input: t.arg({ type: QuarantineResearchInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "CURATOR");
      return {
        object: await quarantineResearch({
          ...writeProps(context.services, operator),
          accession: input.accession,
          reason: input.reason,
        }),
      };
    },
  }),
);

builder.mutationField("releaseResearch", (t) =>
  t.field({
    type: QuarantinePayload,
    description: "CURATOR: return a quarantined record to the state it had before (event research.released).",
    errors: { types: QUARANTINE_ERRORS, directResult: true, union: { name: "ReleaseResearchResult" } },
    args: { input: t.arg({ type: ReleaseResearchInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "CURATOR");
      return {
        object: await releaseResearch({
          ...writeProps(context.services, operator),
          accession: input.accession,
          reason: input.reason ?? null,
        }),
      };
    },
  }),
);
