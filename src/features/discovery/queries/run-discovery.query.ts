// The discoverProblems use case for every transport (GraphQL, MCP): discovery over the serving index,
// its freshness, and the stored search impression that a later recordUse can cite.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { ImpressionWriter } from "../../telemetry/domain/impressions.js";
import { discoverProblems, type ProblemDiscoveryResult } from "../domain/discover-problems.js";
import { DiscoveryInputError } from "../domain/discovery.errors.js";
import type { DiscoveryService, IndexFreshness } from "../domain/discovery-service.js";

export type DiscoveryPayload = ProblemDiscoveryResult & { freshness: IndexFreshness; impressionId: string };

export interface RunDiscoveryProps {
  prisma: PrismaClient;
  /** The service's impression writer (Services.impressions). */
  impressions: ImpressionWriter;
  discovery: DiscoveryService;
  operatorId: string | null;
  text: string;
  limit: number;
}

export async function runDiscovery({
  prisma,
  impressions,
  discovery,
  operatorId,
  text,
  limit,
}: RunDiscoveryProps): Promise<DiscoveryPayload> {
  let result: ProblemDiscoveryResult;
  try {
    result = await discoverProblems(prisma, discovery.current(), text, limit);
  } catch (error) {
    if (error instanceof DiscoveryInputError) throw new InvalidInputError(error.message, "text", error.code);
    throw error;
  }
  const freshness = await discovery.freshness();
  const impressionId = impressions.write({
    operation: "discoverProblems",
    operatorId,
    queryText: text,
    resolvedTargetId: result.outcome === "MATCH" ? result.candidates[0]!.problemId : null,
    outcome: result.outcome,
    candidateIds: result.candidates.map((candidate) => candidate.problemId),
    scores: result.candidates.map((candidate) => candidate.score),
    returnedOrder: [...result.candidates, ...result.duplicateWarnings].map((candidate) => candidate.problemId),
    laneVersions: { discovery: result.lane.indexVersion, highWaterMark: freshness.highWaterMark.toString() },
  });
  return { ...result, freshness, impressionId };
}
