// `orient` and `checkPlan`: from an exact problem ref and the agent's task (or plan) to the envelope,
// a bounded intent-aware packet, lane reports, freshness and the stored impression id.
import { builder } from "../../../graphql/builder.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { LaneReportType } from "../../discovery/graphql/discovery.schema.js";
import { ViewFreshnessType } from "../../freshness/graphql/freshness.schema.js";
import { AmbiguousRefError } from "../../research/domain/research.errors.js";
import "../../research/graphql/research-errors.schema.js";
import { DEFAULT_MAX_CHARS, DEFAULT_PLAN_MAX_CHARS } from "../domain/orient.constants.js";
import { runOrient, type OrientOutcome, type OrientRequest } from "../queries/orient.service.js";
import type { Intent } from "../domain/orient.types.js";
import { EnvelopeType, IntentEnum, PacketType } from "./orient-types.schema.js";
import type { PlanBearing } from "../domain/check-plan.js";
import "./record-use.schema.js";

const ORIENT_ERRORS = [InvalidInputError, NotFoundError, AmbiguousRefError];

export const OrientationType = builder.objectRef<OrientOutcome>("Orientation").implement({
  description:
    "Envelope (outside the budget), packet (within it), lane reports, freshness and the impression to cite in recordUse.",
  fields: (t) => ({
    envelope: t.field({ type: EnvelopeType, resolve: (outcome) => outcome.envelope }),
    packet: t.field({ type: PacketType, resolve: (outcome) => outcome.packet }),
    lanes: t.field({ type: [LaneReportType], resolve: (outcome) => outcome.lanes }),
    freshness: t.field({ type: [ViewFreshnessType], resolve: (outcome) => outcome.freshness }),
    impressionId: t.exposeID("impressionId"),
  }),
});

const PlanBearingType = builder.objectRef<PlanBearing>("PlanBearing").implement({
  description: "How one packet record bears on the plan; `accession` points back into the packet.",
  fields: (t) => ({
    accession: t.exposeString("accession"),
    id: t.exposeID("id"),
    bearing: t.exposeString("bearing"),
    explanation: t.exposeString("explanation"),
  }),
});

const PlanCheckType = builder.objectRef<OrientOutcome>("PlanCheck").implement({
  description: "A plan check: what bears on the plan first (failed routes lead), then the packet it points into.",
  fields: (t) => ({
    bearings: t.field({ type: [PlanBearingType], resolve: (outcome) => outcome.composition.bearings }),
    envelope: t.field({ type: EnvelopeType, resolve: (outcome) => outcome.envelope }),
    packet: t.field({ type: PacketType, resolve: (outcome) => outcome.packet }),
    lanes: t.field({ type: [LaneReportType], resolve: (outcome) => outcome.lanes }),
    freshness: t.field({ type: [ViewFreshnessType], resolve: (outcome) => outcome.freshness }),
    impressionId: t.exposeID("impressionId"),
  }),
});

const OrientInput = builder.inputType("OrientInput", {
  fields: (t) => ({
    problemRef: t.string({
      required: true,
      description: "Exact problem ref (number, stable id, slug, URL, Lean name...); never free text.",
    }),
    problem: t.string({
      required: true,
      description: "The task: intended action, its scope and the method under consideration.",
    }),
    intent: t.field({ type: IntentEnum, defaultValue: "ORIENT" }),
    maxChars: t.int({ defaultValue: DEFAULT_MAX_CHARS, description: "Packet budget, 4000..40000 characters." }),
    projectId: t.id(),
    pinnedWorld: t.string({
      description:
        "Lean world (repository@commit) for proof-state fingerprints; the problem's declarations' worlds are always tried.",
    }),
  }),
});

const CheckPlanInput = builder.inputType("CheckPlanInput", {
  fields: (t) => ({
    problemRef: t.string({ required: true }),
    plan: t.string({ required: true, description: "The plan to check: steps, methods and what it assumes." }),
    intent: t.field({ type: IntentEnum, defaultValue: "ORIENT" }),
    maxChars: t.int({ defaultValue: DEFAULT_PLAN_MAX_CHARS, description: "Packet budget, 4000..40000 characters." }),
    projectId: t.id(),
    pinnedWorld: t.string(),
  }),
});

const operatorOf = (auth: { status: string; operator?: { id: string } }) =>
  auth.status === "VALID" ? auth.operator!.id : null;

interface SharedInput {
  problemRef: string;
  intent?: Intent | null;
  maxChars?: number | null;
  projectId?: string | number | null;
  pinnedWorld?: string | null;
}

/** The request both operations send: they differ only in mode, where the text comes from and the default budget. */
function orientRequest(
  mode: OrientRequest["mode"],
  text: string,
  defaultMaxChars: number,
  input: SharedInput,
  auth: { status: string; operator?: { id: string } },
): OrientRequest {
  return {
    mode,
    problemRef: input.problemRef,
    text,
    intent: input.intent ?? "ORIENT",
    maxChars: input.maxChars ?? defaultMaxChars,
    projectId: input.projectId === null || input.projectId === undefined ? null : String(input.projectId),
    pinnedWorld: input.pinnedWorld ?? null,
    operatorId: operatorOf(auth),
  };
}

builder.queryField("orient", (t) =>
  t.field({
    type: OrientationType,
    description:
      "Orientation for an agent about to work on an exact problem: envelope, bounded packet, lanes, freshness; stores an impression.",
    args: { input: t.arg({ type: OrientInput, required: true }) },
    errors: { types: ORIENT_ERRORS, directResult: true, union: { name: "OrientResult" } },
    resolve: (_root, { input }, context) =>
      runOrient(
        context.services.orient,
        orientRequest("orient", input.problem, DEFAULT_MAX_CHARS, input, context.auth),
      ),
  }),
);

builder.queryField("checkPlan", (t) =>
  t.field({
    type: PlanCheckType,
    description:
      "Checks a plan against the problem's memory: failed routes, citable results and reusable artifacts first, by packet id.",
    args: { input: t.arg({ type: CheckPlanInput, required: true }) },
    errors: { types: ORIENT_ERRORS, directResult: true, union: { name: "CheckPlanResult" } },
    resolve: (_root, { input }, context) =>
      runOrient(
        context.services.orient,
        orientRequest("checkPlan", input.plan, DEFAULT_PLAN_MAX_CHARS, input, context.auth),
      ),
  }),
);
