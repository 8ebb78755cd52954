// GraphQL documents of the research write path (projects, records, relations, supersessions,
// members, the event subscription) and the shapes they return; tests and benches import them from here.

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

export const RESEARCH_EVENTS = `
  subscription ResearchEvents($problemRef: String, $projectId: ID, $afterSequence: BigInt) {
    researchEvents(problemRef: $problemRef, projectId: $projectId, afterSequence: $afterSequence) {
      sequence routingTargetId projectId resourceType resourceId eventType payloadVersion payload
    }
  }`;

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
