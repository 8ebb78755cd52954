// Research write mutations: recordResearch, relateResearch, supersedeResearch (AGENT role).
// Each returns its payload or a typed error; nothing is written when an error is returned.
import type { ResearchObject, ResearchRelation } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../commands/write-props.js";
import { WRITE_ERRORS } from "../../../graphql/errors.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { recordResearch } from "../commands/record-research.command.js";
import { relateResearch } from "../commands/relate-research.command.js";
import { supersedeResearch } from "../commands/supersede-research.command.js";
import { AlreadySupersededError, IdempotencyConflictError, RelationCycleError } from "../domain/research.errors.js";
import { EvidenceGradeEnum, RelationTypeEnum, ResearchKindEnum } from "./research-enums.js";
import { ResearchObjectType } from "./research-object.schema.js";
import "./research-errors.schema.js";

const RESEARCH_WRITE_ERRORS = [...WRITE_ERRORS, RelationCycleError, AlreadySupersededError, IdempotencyConflictError];

const RelationInput = builder.inputType("RelationInput", {
  fields: (t) => ({
    type: t.field({ type: RelationTypeEnum, required: true }),
    target: t.string({
      required: true,
      description: "Any research-object ref: id, accession (R12), slug or content hash.",
    }),
    note: t.string(),
  }),
});

const ArtifactInput = builder.inputType("ArtifactInput", {
  description: "Replay material: how to reproduce the artifact and what output to expect.",
  fields: (t) => ({
    uri: t.string(),
    command: t.string(),
    environment: t.string(),
    expectedOutputHash: t.string({ description: "sha256 hex of the expected output." }),
    description: t.string(),
  }),
});

const FormalRecordInput = builder.inputType("FormalRecordInput", {
  fields: (t) => ({
    leanDeclaration: t.string(),
    statement: t.string(),
    pinnedWorld: t.string({ description: "Repository and commit the Lean text is checked against." }),
    goal: t.string({ description: "Lean goal text; fingerprinted for the proof-state lane." }),
  }),
});

const RecordResearchInput = builder.inputType("RecordResearchInput", {
  fields: (t) => ({
    projectId: t.id({ required: true }),
    kind: t.field({ type: ResearchKindEnum, required: true }),
    title: t.string({ required: true }),
    body: t.string({ required: true }),
    evidenceGrade: t.field({ type: EvidenceGradeEnum }),
    branch: t.string({ description: "Memory branch, e.g. `approach/second-moment`; created on first use." }),
    relations: t.field({ type: [RelationInput] }),
    supersedes: t.stringList(),
    artifact: t.field({ type: ArtifactInput }),
    formal: t.field({ type: FormalRecordInput }),
    metadata: t.field({ type: "JSON" }),
    idempotencyKey: t.string({ required: true }),
  }),
});

const ResearchObjectPayload = builder
  .objectRef<{ replayed: boolean; object: ResearchObject }>("ResearchObjectPayload")
  .implement({
    fields: (t) => ({
      researchObject: t.field({ type: ResearchObjectType, resolve: (payload) => payload.object }),
      replayed: t.exposeBoolean("replayed"),
    }),
  });

builder.mutationField("recordResearch", (t) =>
  t.field({
    type: ResearchObjectPayload,
    errors: { types: RESEARCH_WRITE_ERRORS, directResult: true, union: { name: "RecordResearchResult" } },
    args: { input: t.arg({ type: RecordResearchInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      const result = await recordResearch({
        ...writeProps(context.services, operator),
        input: { ...input, projectId: String(input.projectId) },
      });
      return { replayed: result.replayed, object: result.object };
    },
  }),
);

const RelateResearchInput = builder.inputType("RelateResearchInput", {
  fields: (t) => ({
    from: t.string({ required: true }),
    to: t.string({ required: true }),
    type: t.field({ type: RelationTypeEnum, required: true }),
    note: t.string(),
    idempotencyKey: t.string({ required: true }),
  }),
});

const RelateResearchPayload = builder
  .objectRef<{ replayed: boolean; relation: ResearchRelation }>("RelateResearchPayload")
  .implement({
    fields: (t) => ({
      relation: t.prismaField({
        type: "ResearchRelation",
        resolve: (query, payload, _args, context) =>
          context.prisma.researchRelation.findUniqueOrThrow({ ...query, where: { id: payload.relation.id } }),
      }),
      replayed: t.exposeBoolean("replayed"),
    }),
  });

builder.mutationField("relateResearch", (t) =>
  t.field({
    type: RelateResearchPayload,
    errors: { types: RESEARCH_WRITE_ERRORS, directResult: true, union: { name: "RelateResearchResult" } },
    args: { input: t.arg({ type: RelateResearchInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      const result = await relateResearch({
        ...writeProps(context.services, operator),
        input,
      });
      return { replayed: result.replayed, relation: result.relation };
    },
  }),
);

const SupersedeResearchInput = builder.inputType("SupersedeResearchInput", {
  fields: (t) => ({
    target: t.string({ required: true, description: "The object that is superseded." }),
    supersededBy: t.string({ required: true, description: "The object that replaces it." }),
    reason: t.string(),
    idempotencyKey: t.string({ required: true }),
  }),
});

builder.mutationField("supersedeResearch", (t) =>
  t.field({
    type: ResearchObjectPayload,
    errors: { types: RESEARCH_WRITE_ERRORS, directResult: true, union: { name: "SupersedeResearchResult" } },
    args: { input: t.arg({ type: SupersedeResearchInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      const result = await supersedeResearch({
        ...writeProps(context.services, operator),
        input,
      });
      return { replayed: result.replayed, object: result.object };
    },
  }),
);
