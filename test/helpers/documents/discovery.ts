// The GraphQL document of discoverProblems with the fields the MCP discover_problems tool returns,
// shared by tests and `npm run bench:mcp`.
import { LANE_FIELDS } from "./orient.js";

const PROBLEM_FIELDS = "problem { id stableId number slug title publicationState resolutionState }";
const CANDIDATE_FIELDS = `score relevance margin sharedTerms coverage confidence reasons ${PROBLEM_FIELDS}`;

export const DISCOVER = `query Discover($text: String!) { discoverProblems(text: $text, limit: 5) { __typename
  ... on ProblemDiscovery { outcome abstentionReason matchedBy setAside impressionId decision { rule explanation }
    candidates { ${CANDIDATE_FIELDS} } duplicateWarnings { ${CANDIDATE_FIELDS} } lane { ${LANE_FIELDS} } }
  ... on ResearchError { code message } } }`;
