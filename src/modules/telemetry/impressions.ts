// Search impressions: what a retrieval call saw and returned, for threshold calibration and for
// linking later causal use. Append-only; never read by ranking at query time.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { sha256Hex } from "../../lib/canonical-json.js";

export interface ImpressionInput {
  operation: "discoverProblems" | "orient" | "checkPlan";
  operatorId: string | null;
  queryText: string;
  intent?: string | null;
  resolvedTargetId?: string | null;
  projectId?: string | null;
  outcome?: string | null;
  candidateIds: string[];
  scores: number[];
  returnedOrder: string[];
  selectedBranches?: string[];
  laneVersions: Prisma.InputJsonObject;
}

/** The query is stored only as a digest: impressions must not become a store of agents' prompts. */
export function queryDigest(text: string): string {
  return sha256Hex(text.normalize("NFC").trim());
}

export async function storeImpression(prisma: PrismaClient, input: ImpressionInput): Promise<string> {
  const row = await prisma.searchImpression.create({
    data: {
      operation: input.operation,
      operatorId: input.operatorId,
      queryDigest: queryDigest(input.queryText),
      intent: input.intent ?? null,
      resolvedTargetId: input.resolvedTargetId ?? null,
      projectId: input.projectId ?? null,
      outcome: input.outcome ?? null,
      candidateIds: input.candidateIds,
      scores: input.scores,
      returnedOrder: input.returnedOrder,
      selectedBranches: input.selectedBranches ?? [],
      laneVersions: input.laneVersions,
    },
    select: { id: true },
  });
  return row.id;
}
