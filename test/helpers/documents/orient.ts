// GraphQL documents of orient, checkPlan and recordUse with their typed-error fields: the integration
// tests and `npm run bench:mcp` import them from here, so both ask for the same selection, which is
// what the MCP orient tool returns (the bench compares protocols, not payloads).

const ERROR_FIELDS = `__typename ... on ResearchError { message code } ... on ResearchInvalidInputError { field } ... on ResearchNotFoundError { ref } ... on ResearchAmbiguousRefError { candidateStableIds }`;

export const LANE_FIELDS =
  "lane candidateCount indexVersion highWaterMark lagEvents scoreBasis abstentionReason heldBack";

const ORIENTATION_FIELDS = `
  envelope { stableId title matchedBy statement resolutionState publicationState challengeDeadline acceptanceConditions workflowInstructions
    sourceIntegrity { blocking advisories { kind message blocking } }
    actionability { intent actionable pausedIntents reasons challengeDeadline } }
  packet { serialized chars maxChars omitted relevanceFallback
    items { id accession kind category evidenceGrade state reason text untrustedText { trust source text } reserved duplicates relations { type to } }
    reserves { category satisfied recordId } selectedBranches { id name } }
  lanes { ${LANE_FIELDS} }
  freshness { view lane version status highWaterMark lagEvents }
  impressionId`;

export const ORIENT = `query Orient($input: OrientInput!) { orient(input: $input) { ${ERROR_FIELDS} ... on Orientation { ${ORIENTATION_FIELDS} } } }`;
export const CHECK_PLAN = `query CheckPlan($input: CheckPlanInput!) { checkPlan(input: $input) { ${ERROR_FIELDS} ... on PlanCheck { bearings { accession id bearing } ${ORIENTATION_FIELDS} } } }`;
export const RECORD_USE = `mutation RecordUse($input: RecordUseInput!) { recordUse(input: $input) { __typename ... on ResearchError { message code } ... on RecordUsePayload { useEventId impressionId usedRecordIds notShown outcome } } }`;
