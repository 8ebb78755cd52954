// Research write-path helpers for integration tests: the GraphQL documents of the four research
// mutations, factories that create projects and objects through the API, row counts that prove
// "nothing written", and a graphql-ws event collector for `researchEvents`.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import type { TestService } from "./databases.js";
import { createOperatorWithToken, uniqueToken } from "./factories.js";
import { gql, type GraphQLResponse } from "./graphql.js";

const COMMON_ERROR_FIELDS = `
  __typename
  ... on ResearchError { message code }
  ... on ResearchInvalidInputError { field }
  ... on ResearchNotFoundError { ref }
  ... on ResearchForbiddenError { requiredRole }
  ... on ResearchIdempotencyConflictError { key }`;

/** Fields of the research write errors; a union only admits spreads of its own members. */
const RESEARCH_ERROR_FIELDS = `${COMMON_ERROR_FIELDS}
  ... on ResearchRelationCycleError { relationType path }
  ... on ResearchAlreadySupersededError { accession }`;

export const OBJECT_FIELDS = `
  id accession slug contentHash kind title body evidenceGrade state routingTargetId branchName
  metadata artifact formal createdAt
  targets { targetKind targetId }
  relations { type to { accession } }
  supersededBy { superseding { accession } }
  project { id }
  problem { stableId }`;

export const CREATE_PROJECT = `
  mutation CreateProject($input: CreateProjectInput!) {
    createProject(input: $input) {
      ${COMMON_ERROR_FIELDS}
      ... on ResearchAmbiguousRefError { candidateStableIds }
      ... on CreateProjectPayload { replayed project { id name slug routingTargetId problem { stableId } } }
    }
  }`;

export const RECORD_RESEARCH = `
  mutation RecordResearch($input: RecordResearchInput!) {
    recordResearch(input: $input) {
      ${RESEARCH_ERROR_FIELDS}
      ... on ResearchObjectPayload { replayed researchObject { ${OBJECT_FIELDS} } }
    }
  }`;

export const RELATE_RESEARCH = `
  mutation RelateResearch($input: RelateResearchInput!) {
    relateResearch(input: $input) {
      ${RESEARCH_ERROR_FIELDS}
      ... on RelateResearchPayload { replayed relation { id type from { accession } to { accession } } }
    }
  }`;

export const SUPERSEDE_RESEARCH = `
  mutation SupersedeResearch($input: SupersedeResearchInput!) {
    supersedeResearch(input: $input) {
      ${RESEARCH_ERROR_FIELDS}
      ... on ResearchObjectPayload { replayed researchObject { ${OBJECT_FIELDS} } }
    }
  }`;

export const RESEARCH_OBJECT = `
  query ResearchObject($ref: String!) {
    researchObject(ref: $ref) { ${OBJECT_FIELDS} manifest }
  }`;

export interface TypedError {
  __typename: string;
  message: string;
  code: string;
  field?: string | null;
  ref?: string | null;
  requiredRole?: string;
  candidateStableIds?: string[];
  relationType?: string;
  path?: string[];
  accession?: string;
  key?: string;
}

export interface ProjectResult {
  id: string;
  name: string;
  slug: string;
  routingTargetId: string;
  problem: { stableId: string };
}

export interface ResearchObjectResult {
  id: string;
  accession: string;
  slug: string;
  contentHash: string;
  kind: string;
  title: string;
  body: string;
  evidenceGrade: string;
  state: "CURRENT" | "SUPERSEDED";
  routingTargetId: string;
  branchName: string | null;
  metadata: Record<string, unknown>;
  artifact: Record<string, unknown> | null;
  formal: Record<string, unknown> | null;
  createdAt: string;
  targets: { targetKind: string; targetId: string }[];
  relations: { type: string; to: { accession: string } }[];
  supersededBy: { superseding: { accession: string } } | null;
  project: { id: string };
  problem: { stableId: string };
}

export type MutationResult<TPayload> = (TPayload & { __typename: string }) | TypedError;

export function isTypedError(value: unknown): value is TypedError {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}

/** Runs a mutation and returns its single result field (payload or typed error). */
export async function mutate<TPayload>(
  url: string,
  document: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<MutationResult<TPayload>> {
  const response: GraphQLResponse<Record<string, MutationResult<TPayload>>> = await gql(
    url,
    document,
    { input },
    token,
  );
  if (response.errors?.length || !response.data) {
    throw new Error(
      `mutation failed outside its result type (HTTP ${response.status}): ${JSON.stringify(response.errors)}`,
    );
  }
  return Object.values(response.data)[0]!;
}

/** The typed error of a mutation that must fail; throws when it succeeded. */
export async function mutateExpectingError(
  url: string,
  document: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<TypedError> {
  const result = await mutate<Record<string, unknown>>(url, document, input, token);
  if (!isTypedError(result)) throw new Error(`expected a typed error, got ${JSON.stringify(result)}`);
  return result;
}

async function mutateExpectingPayload<TPayload>(
  url: string,
  document: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<TPayload> {
  const result = await mutate<TPayload>(url, document, input, token);
  if (isTypedError(result))
    throw new Error(`expected a payload, got ${result.__typename} ${result.code}: ${result.message}`);
  return result;
}

export async function createProjectFor(
  url: string,
  token: string,
  overrides: { problemRef?: string; name?: string; idempotencyKey?: string } = {},
): Promise<ProjectResult> {
  const input = {
    problemRef: "cp:erdos:1",
    name: `Project ${uniqueToken()}`,
    idempotencyKey: `project-${uniqueToken()}`,
    ...overrides,
  };
  return (await mutateExpectingPayload<{ project: ProjectResult }>(url, CREATE_PROJECT, input, token)).project;
}

/** What most research tests start from, on a running test service (see useTestService): an AGENT operator's token and one project. */
export async function createAgentProject(
  service: TestService,
  projectOverrides: { problemRef?: string } = {},
): Promise<{ token: string; project: ProjectResult }> {
  const token = (await createOperatorWithToken(service.services.db.prisma, "AGENT")).token;
  return { token, project: await createProjectFor(service.url, token, projectOverrides) };
}

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

/** Numeric part of an accession such as `R12`. */
export function accessionNumber(accession: string): number {
  return Number(/^R(\d+)$/.exec(accession)?.[1] ?? Number.NaN);
}

export interface ResearchCounts {
  projects: number;
  objects: number;
  targets: number;
  relations: number;
  supersessions: number;
  events: number;
  idempotencyRecords: number;
  sparseDocuments: number;
  operators: number;
}

/** Row counts of everything a research write may touch, to prove a refused write wrote nothing. */
export async function researchCounts(prisma: PrismaClient): Promise<ResearchCounts> {
  const [projects, objects, targets, relations, supersessions, events, idempotencyRecords, sparseDocuments, operators] =
    await Promise.all([
      prisma.project.count(),
      prisma.researchObject.count(),
      prisma.researchTarget.count(),
      prisma.researchRelation.count(),
      prisma.supersession.count(),
      prisma.changeEvent.count(),
      prisma.idempotencyRecord.count(),
      prisma.sparseDocument.count({ where: { view: "research-memory" } }),
      prisma.operator.count(),
    ]);
  return {
    projects,
    objects,
    targets,
    relations,
    supersessions,
    events,
    idempotencyRecords,
    sparseDocuments,
    operators,
  };
}

/** The last committed change-event sequence (0 when the stream is empty). */
export async function headSequence(prisma: PrismaClient): Promise<bigint> {
  return (await prisma.changeEvent.aggregate({ _max: { sequence: true } }))._max.sequence ?? 0n;
}

export interface ReceivedEvent {
  sequence: string;
  routingTargetId: string | null;
  projectId: string | null;
  resourceType: string;
  resourceId: string;
  eventType: string;
  payloadVersion: number;
  payload: Record<string, unknown>;
}

const RESEARCH_EVENTS = `
  subscription ResearchEvents($problemRef: String, $projectId: ID, $afterSequence: BigInt) {
    researchEvents(problemRef: $problemRef, projectId: $projectId, afterSequence: $afterSequence) {
      sequence routingTargetId projectId resourceType resourceId eventType payloadVersion payload
    }
  }`;

export function subscriptionClient(graphqlUrl: string): Client {
  return createClient({
    url: graphqlUrl.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects `researchEvents` of one subscription; `stop()` ends it (the socket stays with its client). */
export class EventCollector {
  readonly events: ReceivedEvent[] = [];
  readonly errors: unknown[] = [];
  private readonly unsubscribe: () => void;
  private waiters: (() => void)[] = [];

  constructor(client: Client, variables: { problemRef?: string; projectId?: string; afterSequence?: string | bigint }) {
    const normalised = { ...variables, afterSequence: variables.afterSequence?.toString() };
    this.unsubscribe = client.subscribe<{ researchEvents: ReceivedEvent }>(
      { query: RESEARCH_EVENTS, variables: normalised },
      {
        next: (result) => {
          if (result.errors?.length) this.errors.push(result.errors);
          if (result.data) this.events.push(result.data.researchEvents);
          this.notify();
        },
        error: (error) => {
          this.errors.push(error);
          this.notify();
        },
        complete: () => this.notify(),
      },
    );
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Resolves once `count` events arrived; fails after `timeoutMs` or on a subscription error. */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      if (this.errors.length) throw new Error(`subscription failed: ${JSON.stringify(this.errors)}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(
          `received ${this.events.length} of ${count} events: ${JSON.stringify(this.events.map((event) => event.sequence))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events.slice(0, count);
  }

  /** Waits `ms` more and returns everything received, to show that no extra event arrives. */
  async settle(ms = 500): Promise<ReceivedEvent[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return [...this.events];
  }

  stop(): void {
    this.unsubscribe();
  }
}

/** Sequences of received events as bigints. */
export function sequencesOf(events: ReceivedEvent[]): bigint[] {
  return events.map((event) => BigInt(event.sequence));
}

/** True when `values` is first, first+1, ..., with no gap or duplicate. */
export function isContiguous(values: readonly bigint[] | readonly number[]): boolean {
  return values.every((value, index) => index === 0 || BigInt(value) === BigInt(values[index - 1]!) + 1n);
}

export const REMOVE_PROJECT_MEMBER = `
  mutation RemoveMember($input: ProjectMemberInput!) {
    removeProjectMember(input: $input) {
      __typename
      ... on ResearchError { message code }
      ... on ProjectMembershipPayload { changed project { id members { operatorName role } } }
    }
  }`;

export const ADD_PROJECT_MEMBER = `
  mutation AddMember($input: ProjectMemberInput!) {
    addProjectMember(input: $input) {
      __typename
      ... on ResearchError { message code }
      ... on ResearchForbiddenError { requiredRole }
      ... on ProjectMembershipPayload { changed project { id members { operatorName role } } }
    }
  }`;

/** The owner behind `ownerToken` lets each named operator write into the project. */
export async function addProjectMembers(
  url: string,
  ownerToken: string,
  projectId: string,
  operatorNames: string[],
  role: "MEMBER" | "OWNER" = "MEMBER",
): Promise<void> {
  for (const operatorName of operatorNames) {
    await mutateExpectingPayload(url, ADD_PROJECT_MEMBER, { projectId, operatorName, role }, ownerToken);
  }
}
