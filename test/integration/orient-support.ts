// Shared documents and helpers of the orient integration tests: the orient/checkPlan/recordUse
// operations with their typed-error fields, and a fixture loader bound to a running test service.
import { createOperatorWithToken } from "../helpers/factories.js";
import { gql } from "../helpers/graphql.js";
import type { TestService } from "../helpers/databases.js";
import {
  loadOrientFixture,
  readOrientFixture,
  type LoadedFixture,
} from "../../tools/eval/orient/load-orient-fixture.js";
import type { OrientFixture } from "../../tools/eval/orient/orient-fixture.types.js";

const ERROR_FIELDS = `__typename ... on ResearchError { message code } ... on ResearchInvalidInputError { field } ... on ResearchNotFoundError { ref } ... on ResearchAmbiguousRefError { candidateStableIds }`;

const ORIENTATION_FIELDS = `
  envelope { stableId title matchedBy statement resolutionState publicationState challengeDeadline acceptanceConditions workflowInstructions
    sourceIntegrity { blocking advisories { kind message blocking } }
    actionability { intent actionable pausedIntents reasons challengeDeadline } }
  packet { serialized chars maxChars omitted relevanceFallback
    items { id accession kind category evidenceGrade state reason text untrustedText { trust source text } reserved duplicates relations { type to } }
    reserves { category satisfied recordId } selectedBranches { id name } }
  lanes { lane candidateCount indexVersion highWaterMark lagEvents scoreBasis abstentionReason heldBack }
  freshness { view version status }
  impressionId`;

export const ORIENT = `query Orient($input: OrientInput!) { orient(input: $input) { ${ERROR_FIELDS} ... on Orientation { ${ORIENTATION_FIELDS} } } }`;
export const CHECK_PLAN = `query CheckPlan($input: CheckPlanInput!) { checkPlan(input: $input) { ${ERROR_FIELDS} ... on PlanCheck { bearings { accession id bearing } ${ORIENTATION_FIELDS} } } }`;
export const RECORD_USE = `mutation RecordUse($input: RecordUseInput!) { recordUse(input: $input) { __typename ... on ResearchError { message code } ... on RecordUsePayload { useEventId impressionId usedRecordIds notShown outcome } } }`;

export interface PacketItemResult {
  id: string;
  accession: string;
  kind: string;
  category: string;
  evidenceGrade: string;
  state: string;
  reason: string;
  text: string;
  untrustedText: { trust: string; source: string; text: string };
  reserved: boolean;
  duplicates: string[];
  relations: { type: string; to: string }[];
}

export interface OrientationResult {
  __typename: string;
  code?: string;
  message?: string;
  field?: string;
  envelope: {
    stableId: string;
    statement: string | null;
    publicationState: string;
    challengeDeadline: string | null;
    acceptanceConditions: string;
    workflowInstructions: string[];
    sourceIntegrity: { blocking: boolean; advisories: { kind: string; message: string; blocking: boolean }[] };
    actionability: {
      intent: string;
      actionable: boolean;
      pausedIntents: string[];
      reasons: string[];
      challengeDeadline: string | null;
    };
  };
  packet: {
    serialized: string;
    chars: number;
    maxChars: number;
    omitted: number;
    relevanceFallback: boolean;
    items: PacketItemResult[];
    reserves: { category: string; satisfied: boolean; recordId: string | null }[];
    selectedBranches: { id: string; name: string }[];
  };
  lanes: {
    lane: string;
    candidateCount: number;
    indexVersion: string;
    abstentionReason: string | null;
    scoreBasis: string;
    heldBack: number;
  }[];
  bearings?: { accession: string; id: string; bearing: string }[];
  impressionId: string;
}

export async function orient(url: string, input: Record<string, unknown>, token?: string): Promise<OrientationResult> {
  const response = await gql<{ orient: OrientationResult }>(url, ORIENT, { input }, token);
  if (response.errors?.length || !response.data)
    throw new Error(`orient failed outside its result type: ${JSON.stringify(response.errors)}`);
  return response.data.orient;
}

export async function checkPlan(
  url: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<OrientationResult> {
  const response = await gql<{ checkPlan: OrientationResult }>(url, CHECK_PLAN, { input }, token);
  if (response.errors?.length || !response.data)
    throw new Error(`checkPlan failed outside its result type: ${JSON.stringify(response.errors)}`);
  return response.data.checkPlan;
}

export async function loadFixtureInto(
  service: TestService,
  name: string,
): Promise<{ fixture: OrientFixture; loaded: LoadedFixture; token: string }> {
  const prisma = service.services.db.prisma;
  const { operator, token } = await createOperatorWithToken(prisma, "AGENT");
  const fixture = readOrientFixture(name);
  const loaded = await loadOrientFixture({ prisma, notifier: service.services.notifier, operator, fixture });
  return { fixture, loaded, token };
}
