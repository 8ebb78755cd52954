// Memory and support tools: get_memory_branch (one cursor page of a branch), premise_search and
// freshness, over GraphQL's readMemberPage, runPremiseSearch and readFreshness.
import * as z from "zod";
import { readMemberPage } from "../../features/memory/queries/member-page.query.js";
import { DEFAULT_MEMBER_PAGE, MAX_MEMBER_PAGE } from "../../features/memory/domain/memory.constants.js";
import { runPremiseSearch } from "../../features/premises/queries/run-premise-search.query.js";
import { affectedLanes, readFreshness } from "../../projections/freshness.js";
import { researchObject, viewFreshness } from "../schemas.js";
import { tool, type AnyTool } from "../tool-kit.js";
import { researchObjectJson } from "./research.js";

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

const getMemoryBranch = tool({
  name: "get_memory_branch",
  title: "Read a memory branch",
  description:
    "A memory branch (id from an orient packet's selectedBranches), its checkpoint summary and one page of member records; " +
    "continue with `after: nextMemberCursor` until it is null.",
  input: {
    id: z.string(),
    first: z.number().int().default(DEFAULT_MEMBER_PAGE).describe(`Members per page, 1..${MAX_MEMBER_PAGE}.`),
    after: z.string().optional().describe("nextMemberCursor of the previous page."),
  },
  output: {
    branch: z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      projectId: z.string(),
      routingTargetId: z.string(),
      parentId: z.string().nullable(),
      version: z.number().int(),
    }),
    checkpoint: z
      .object({
        summary: z.string(),
        keyTerms: z.array(z.string()),
        memberCount: z.number().int(),
        currentCount: z.number().int(),
        version: z.number().int(),
      })
      .nullable(),
    members: z.array(researchObject),
    nextMemberCursor: z.string().nullable(),
    traversedBranchIds: z.array(z.string()),
    freshness: viewFreshness,
  },
  annotations: READ_ONLY,
  async run(args, { services }) {
    const prisma = services.db.prisma;
    const page = await readMemberPage(prisma, services.memberCursorKey, {
      id: args.id,
      first: args.first,
      after: args.after ?? null,
    });
    const rows = await prisma.researchObject.findMany({ where: { id: { in: page.memberIds } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      ...page,
      members: page.memberIds.flatMap((id) => byId.get(id) ?? []).map(researchObjectJson),
      traversedBranchIds: page.traversed,
    };
  },
  render: (result) =>
    [
      `Branch ${result.branch.name}: ${result.checkpoint?.summary ?? "(not projected yet)"}`,
      ...result.members.map((member) => `- ${member.accession} ${member.kind} ${member.title}`),
      result.nextMemberCursor ? `more: after=${result.nextMemberCursor}` : "last page",
    ].join("\n"),
});

const premiseSearch = tool({
  name: "premise_search",
  title: "Search Lean premises",
  description:
    "Ranks Lean premises (lemmas, definitions) for a goal or signature; every premise carries its named score components.",
  input: {
    text: z.string().optional().describe("Query text, e.g. a Lean signature and docstring."),
    terms: z.array(z.string()).optional(),
    split: z.string().optional().describe("train, dev or test (default dev)."),
    strategy: z.string().optional().describe("term-overlap, bm25 or symbol-vote (default)."),
    topK: z.number().int().optional().describe("1 to 1,000 (default 10)."),
    recipe: z.string().optional().describe("Context recipe id; renders a byte-bounded context."),
  },
  output: {
    strategy: z.string(),
    split: z.string(),
    consideredCount: z.number().int(),
    indexId: z.string(),
    indexHash: z.string(),
    premises: z.array(
      z.object({
        rank: z.number().int(),
        premiseId: z.string(),
        score: z.number(),
        components: z.record(z.string(), z.number()),
        premise: z.object({
          declName: z.string(),
          namespace: z.string(),
          kind: z.string(),
          module: z.string(),
          statementExcerpt: z.string(),
          docstring: z.string().nullable(),
        }),
      }),
    ),
    context: z
      .object({ recipeId: z.string(), premiseCount: z.number().int(), bytes: z.number().int(), text: z.string() })
      .nullable(),
  },
  annotations: READ_ONLY,
  run: async (args, { services }) => runPremiseSearch(services.premises, args, "mcp"),
  render: (result) =>
    [
      `${result.premises.length} premises (${result.strategy}, ${result.split})`,
      ...result.premises.map((entry) => `${entry.rank}. ${entry.premise.declName} ${entry.score.toFixed(3)}`),
    ].join("\n"),
});

const freshness = tool({
  name: "freshness",
  title: "View freshness",
  description:
    "Per derived view: serving version, high-water mark, stream head and lag. Exact identity and canonical statements never lag.",
  input: {},
  output: {
    views: z.array(viewFreshness),
    headSequence: z.string(),
    affectedLanes: z.array(z.string()).describe("Lanes that may miss recent writes."),
  },
  annotations: { ...READ_ONLY, idempotentHint: false },
  async run(_args, { services }) {
    const views = await readFreshness(services.db.prisma);
    return { views, headSequence: views[0]?.headSequence ?? 0n, affectedLanes: affectedLanes(views) };
  },
  render: (result) =>
    result.views.map((view) => `${view.view}: ${view.status} v${view.version ?? "-"} lag ${view.lagEvents}`).join("\n"),
});

export const memoryTools: AnyTool[] = [getMemoryBranch, premiseSearch, freshness];
