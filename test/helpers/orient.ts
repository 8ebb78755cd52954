// Orient helpers of the integration tests: orient and checkPlan that return the result union (payload
// or typed error), and a fixture loader bound to a running test service.
import { createOperatorWithToken } from "../factories/operators.js";
import { gql } from "./graphql.js";
import type { TestService } from "./databases.js";
import { CHECK_PLAN, ORIENT } from "./documents/orient.js";
import {
  loadOrientFixture,
  readOrientFixture,
  type LoadedFixture,
} from "../../tools/eval/orient/load-orient-fixture.js";
import type { OrientFixture } from "../../tools/eval/orient/orient-fixture.types.js";

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
  const loaded = await loadOrientFixture({
    prisma,
    pool: service.services.db.pool,
    notifier: service.services.notifier,
    operator,
    fixture,
  });
  return { fixture, loaded, token };
}
