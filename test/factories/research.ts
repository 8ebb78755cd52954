// Research-record factories: valid recordResearch inputs overridable field by field, and records,
// relations and supersessions written through the API as an agent would.
import {
  RECORD_RESEARCH,
  RELATE_RESEARCH,
  SUPERSEDE_RESEARCH,
  RESEARCH_OBJECT,
  type ResearchObjectResult,
} from "../helpers/documents/research.js";
import { gql } from "../helpers/graphql.js";
import { mutate, mutateExpectingPayload, type MutationResult } from "../helpers/mutations.js";
import { uniqueToken } from "./unique-token.js";

/** A valid recordResearch input for `projectId`; every field can be overridden. */
export function buildResearchInput(
  projectId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const token = uniqueToken();
  return {
    projectId,
    kind: "CLAIM",
    title: `Claim ${token}`,
    body: `A bound on the structure of kind ${token} via the second moment method.`,
    evidenceGrade: "ARGUED",
    idempotencyKey: `record-${token}`,
    ...overrides,
  };
}

export async function recordObjectWithInput(
  url: string,
  token: string,
  input: Record<string, unknown>,
): Promise<{ replayed: boolean; researchObject: ResearchObjectResult }> {
  return mutateExpectingPayload(url, RECORD_RESEARCH, input, token);
}

export async function recordObject(
  url: string,
  token: string,
  projectId: string,
  overrides: Record<string, unknown> = {},
): Promise<ResearchObjectResult> {
  return (await recordObjectWithInput(url, token, buildResearchInput(projectId, overrides))).researchObject;
}

export async function relateObjects(
  url: string,
  token: string,
  input: { from: string; to: string; type: string; note?: string; idempotencyKey?: string },
): Promise<
  MutationResult<{
    replayed: boolean;
    relation: { id: string; type: string; from: { accession: string }; to: { accession: string } };
  }>
> {
  return mutate(url, RELATE_RESEARCH, { idempotencyKey: `relate-${uniqueToken()}`, ...input }, token);
}

export async function supersedeObject(
  url: string,
  token: string,
  input: { target: string; supersededBy: string; reason?: string; idempotencyKey?: string },
): Promise<MutationResult<{ replayed: boolean; researchObject: ResearchObjectResult }>> {
  return mutate(url, SUPERSEDE_RESEARCH, { idempotencyKey: `supersede-${uniqueToken()}`, ...input }, token);
}

export async function fetchResearchObject(
  url: string,
  ref: string,
): Promise<(ResearchObjectResult & { manifest: Record<string, unknown> }) | null> {
  const response = await gql<{ researchObject: (ResearchObjectResult & { manifest: Record<string, unknown> }) | null }>(
    url,
    RESEARCH_OBJECT,
    { ref },
  );
  if (response.errors?.length) throw new Error(JSON.stringify(response.errors));
  return response.data!.researchObject;
}
