// Problem tools: exact identity (resolve_problem) and discovery from free text (discover_problems),
// over the same use cases as GraphQL's `problem(ref)` and `discoverProblems`.
import * as z from "zod";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { resolveProblemRef } from "../../features/identity/domain/resolve-problem-ref.js";
import { runDiscovery } from "../../features/discovery/queries/run-discovery.query.js";
import { laneReport, problemSummary } from "../schemas.js";
import { tool, type AnyTool } from "../tool-kit.js";

const SUMMARY_SELECT = {
  id: true,
  stableId: true,
  number: true,
  slug: true,
  title: true,
  publicationState: true,
  resolutionState: true,
} as const;

async function summaries(prisma: PrismaClient, ids: readonly string[]) {
  const rows = ids.length
    ? await prisma.problem.findMany({ where: { id: { in: [...ids] } }, select: SUMMARY_SELECT })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

const HINTS = {
  RESOLVED: null,
  NOT_FOUND: "No problem has this identifier. For free text, call discover_problems.",
  AMBIGUOUS: "Several problems share this identifier: pick one of `candidates` by stableId.",
} as const;

const resolveProblem = tool({
  name: "resolve_problem",
  title: "Resolve a problem identifier",
  description:
    "Exact identity, never search: an Erdős number (`1`, `#1`, `Erdős 1`), stable id, slug, source record id, Lean declaration, " +
    "source URL, alias, statement hash or statement accession (`S12`). Answers RESOLVED, AMBIGUOUS (with candidates) or NOT_FOUND.",
  input: { ref: z.string().describe("The identifier, e.g. `erdos-1`, `#267` or a Lean declaration name.") },
  output: {
    ref: z.string(),
    status: z.enum(["RESOLVED", "AMBIGUOUS", "NOT_FOUND"]),
    matchedBy: z.string().nullable(),
    problem: problemSummary.nullable(),
    candidates: z.array(problemSummary),
    hint: z.string().nullable(),
  },
  annotations: READ_ONLY,
  async run({ ref }, { services }) {
    const resolution = await resolveProblemRef(services.db.prisma, ref);
    const [problem] = resolution.problemId ? await summaries(services.db.prisma, [resolution.problemId]) : [null];
    const candidates =
      resolution.status === "AMBIGUOUS" ? await summaries(services.db.prisma, resolution.candidateIds) : [];
    return { ...resolution, problem, candidates, hint: HINTS[resolution.status] };
  },
  render: (result) =>
    result.problem
      ? `${result.status}: ${result.problem.stableId} — ${result.problem.title} (matched by ${result.matchedBy})`
      : `${result.status}: ${result.hint}`,
});

const candidate = z.object({
  problem: problemSummary,
  score: z.number(),
  relevance: z.number(),
  margin: z.number(),
  sharedTerms: z.array(z.string()),
  coverage: z.number(),
  confidence: z.number().describe("Calibrated probability that this is the intended problem."),
  reasons: z.array(z.string()),
});

const discoverProblems = tool({
  name: "discover_problems",
  title: "Discover problems from text",
  description:
    "Finds the published problem an agent's words name. Exact identifiers in the text resolve first; free text is ranked and " +
    "ABSTAINS (UNDERSPECIFIED_QUERY, WEAK_MATCH, EMPTY_STORE, ...) instead of guessing. `decision` says which rule decided and why. " +
    "An abstention is an answer, not 'nothing found': candidates listed with it are to browse, not to act on.",
  input: {
    text: z.string().describe("The agent's description of the problem, or any text holding an identifier."),
    limit: z.number().int().min(1).max(50).default(5).describe("Most candidates to return (default 5)."),
  },
  output: {
    outcome: z.enum(["MATCH", "AMBIGUOUS", "ABSTAINED"]),
    abstained: z
      .boolean()
      .describe("True when discovery declined to name a problem; see abstentionReason and decision."),
    abstentionReason: z.string().nullable(),
    decision: z.object({ rule: z.string(), explanation: z.string() }),
    matchedBy: z.string().nullable(),
    candidates: z.array(candidate),
    duplicateWarnings: z
      .array(candidate)
      .describe("Unpublished catalogue rows that match: warnings, never candidates."),
    setAside: z.array(z.string()),
    lane: laneReport,
    impressionId: z.string(),
  },
  annotations: { ...READ_ONLY, idempotentHint: false },
  async run({ text, limit }, { services, caller }) {
    const result = await runDiscovery({
      prisma: services.db.prisma,
      impressions: services.impressions,
      discovery: services.discovery,
      operatorId: caller.auth.status === "VALID" ? caller.auth.operator.id : null,
      text,
      limit,
    });
    const withProblems = async (list: typeof result.candidates) => {
      const problems = await summaries(
        services.db.prisma,
        list.map((entry) => entry.problemId),
      );
      return list.map((entry, index) => ({ ...entry, problem: problems[index] }));
    };
    return {
      ...result,
      abstained: result.outcome === "ABSTAINED",
      candidates: await withProblems(result.candidates),
      duplicateWarnings: await withProblems(result.duplicateWarnings),
      lane: { ...result.lane, highWaterMark: result.freshness.highWaterMark, lagEvents: result.freshness.lagEvents },
    };
  },
  render(result) {
    const head = result.abstained
      ? `ABSTAINED (${result.abstentionReason}): ${result.decision.explanation}`
      : `${result.outcome} by ${result.decision.rule}: ${result.decision.explanation}`;
    const lines = result.candidates.map(
      (entry) => `- ${entry.problem.stableId} ${entry.problem.title} (confidence ${entry.confidence.toFixed(2)})`,
    );
    return [head, ...lines, `impressionId ${result.impressionId}`].join("\n");
  },
});

export const problemTools: AnyTool[] = [resolveProblem, discoverProblems];
