// Orientation tools: orient and check_plan (envelope outside the budget, bounded packet within it)
// and record_use (which packet records the agent used), over GraphQL's runOrient and recordUse.
import * as z from "zod";
import { requireRole } from "../../features/operators/domain/authorize.js";
import {
  DEFAULT_MAX_CHARS,
  DEFAULT_PLAN_MAX_CHARS,
  MAX_MAX_CHARS,
  MIN_MAX_CHARS,
} from "../../features/orient/domain/orient.constants.js";
import { runOrient, type OrientRequest } from "../../features/orient/queries/orient.service.js";
import { recordUse } from "../../features/orient/commands/record-use.command.js";
import { envelope, intent, laneReport, packet, viewFreshness } from "../schemas.js";
import { tool, type AnyTool, type ToolScope } from "../tool-kit.js";

const shared = {
  problemRef: z
    .string()
    .describe(
      "Exact problem ref (stable id, number, slug, URL, Lean name); never free text — use discover_problems first.",
    ),
  intent: intent
    .default("ORIENT")
    .describe("What the agent is about to do; some intents pause on disputed or unpublished problems."),
  projectId: z.string().optional().describe("The agent's project (from create_project): its records rank first."),
  pinnedWorld: z.string().optional().describe("Lean world (repository@commit) for proof-state fingerprints."),
};

const budget = (fallback: number) =>
  z
    .number()
    .int()
    .default(fallback)
    .describe(`Packet budget in characters, ${MIN_MAX_CHARS}..${MAX_MAX_CHARS} (default ${fallback}).`);

const orientation = {
  envelope: envelope.describe(
    "Canonical statement, acceptance conditions, actionability and instructions: outside the budget.",
  ),
  packet: packet.describe(
    "The bounded packet: summaries of agents' records (untrusted text), each with an accession to drill into.",
  ),
  lanes: z.array(laneReport),
  freshness: z.array(viewFreshness),
  impressionId: z.string().describe("Cite it in record_use."),
};

type SharedArgs = {
  problemRef: string;
  intent: OrientRequest["intent"];
  projectId?: string | undefined;
  pinnedWorld?: string | undefined;
  maxChars: number;
};

function request(mode: OrientRequest["mode"], text: string, args: SharedArgs, scope: ToolScope): OrientRequest {
  const { auth } = scope.caller;
  return {
    mode,
    problemRef: args.problemRef,
    text,
    intent: args.intent,
    maxChars: args.maxChars,
    projectId: args.projectId ?? null,
    pinnedWorld: args.pinnedWorld ?? null,
    operatorId: auth.status === "VALID" ? auth.operator.id : null,
  };
}

function renderOrientation(result: {
  envelope: z.infer<typeof envelope>;
  packet: z.infer<typeof packet>;
  impressionId: string;
}): string {
  const { envelope: head, packet: body } = result;
  const paused = head.actionability.actionable ? "" : `\nPAUSED: ${head.actionability.reasons.join(" ")}`;
  return (
    `${head.stableId} — ${head.title}${paused}\nStatement: ${head.statement ?? "(none)"}\n` +
    `Packet (${body.chars}/${body.maxChars} chars, ${body.items.length} records, ${body.omitted} omitted; record text is untrusted):\n${body.serialized}\n` +
    `impressionId ${result.impressionId}`
  );
}

const ORIENT_HINTS = {
  readOnlyHint: true,
  idempotentHint: false,
  destructiveHint: false,
  openWorldHint: false,
} as const;

const orient = tool({
  name: "orient",
  title: "Orient on a problem",
  description:
    "Before working on an exact problem: its envelope (statement, acceptance, actionability) and a bounded, intent-aware " +
    "packet of what is known — failed routes, citable results, artifacts. Stores an impression to cite in record_use.",
  input: {
    ...shared,
    task: z.string().describe("The task: intended action, its scope and the method under consideration."),
    maxChars: budget(DEFAULT_MAX_CHARS),
  },
  output: orientation,
  annotations: ORIENT_HINTS,
  run: (args, scope) => runOrient(scope.services.orient, request("orient", args.task, args, scope)),
  render: renderOrientation,
});

const checkPlan = tool({
  name: "check_plan",
  title: "Check a plan against memory",
  description:
    "Checks a plan against the problem's memory: `bearings` lists the packet records that bear on it (failed routes first).",
  input: {
    ...shared,
    plan: z.string().describe("The plan: steps, methods and what it assumes."),
    maxChars: budget(DEFAULT_PLAN_MAX_CHARS),
  },
  output: {
    bearings: z.array(
      z.object({ accession: z.string(), id: z.string(), bearing: z.string(), explanation: z.string() }),
    ),
    ...orientation,
  },
  annotations: ORIENT_HINTS,
  async run(args, scope) {
    const outcome = await runOrient(scope.services.orient, request("checkPlan", args.plan, args, scope));
    return { ...outcome, bearings: outcome.composition.bearings };
  },
  render: (result) =>
    [
      ...result.bearings.map((entry) => `${entry.bearing} ${entry.accession}: ${entry.explanation}`),
      renderOrientation(result),
    ].join("\n"),
});

const recordUseTool = tool({
  name: "record_use",
  title: "Record which records were used",
  description:
    "After orient or check_plan: which packet records the agent actually used, and what came of it (AGENT role).",
  input: {
    impressionId: z.string().describe("The impressionId orient or check_plan returned."),
    usedRecords: z.array(z.string()).describe("Research-object refs (accession like `R12`, id, slug or content hash)."),
    outcome: z.string().optional().describe("Short label, e.g. `progress`, `dead end`, `solved`."),
  },
  output: {
    useEventId: z.string(),
    impressionId: z.string(),
    usedRecordIds: z.array(z.string()),
    notShown: z.array(z.string()).describe("Used records the impression did not return (found elsewhere)."),
    outcome: z.string().nullable(),
  },
  annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: false },
  writes: true,
  async run(args, { services, caller }) {
    const operator = requireRole(caller.auth, "AGENT");
    const { event, impression, shownIds } = await recordUse(
      services.db.prisma,
      services.impressions,
      operator.id,
      args,
    );
    return {
      useEventId: event.id,
      impressionId: impression.id,
      usedRecordIds: event.usedRecordIds,
      notShown: event.usedRecordIds.filter((id) => !shownIds.has(id)),
      outcome: event.outcome,
    };
  },
  render: (result) =>
    `Recorded use ${result.useEventId}: ${result.usedRecordIds.length} records${result.notShown.length ? ` (${result.notShown.length} not shown by the impression)` : ""}`,
});

export const orientTools: AnyTool[] = [orient, checkPlan, recordUseTool];
