// `discoverProblems`: free-text discovery over published problems with explicit abstention, lane
// report (version, freshness, score basis) and a stored search impression per call.
import { builder } from "../../../graphql/builder.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { DiscoveryCandidate } from "../domain/discover.js";
import type { DiscoveryDecision } from "../domain/decisions.js";
import { IdentityKindEnum } from "../../problems/graphql/problem-enums.js";
import { runDiscovery, type DiscoveryPayload } from "../queries/run-discovery.query.js";
import type { LaneReport } from "../domain/lane-report.js";

const OutcomeEnum = builder.enumType("DiscoveryOutcome", { values: ["MATCH", "AMBIGUOUS", "ABSTAINED"] as const });
const AbstentionEnum = builder.enumType("AbstentionReason", {
  values: {
    UNDERSPECIFIED_QUERY: {
      description:
        "The text names no single problem: generic prose, an area, a topic phrase or a request for several problems. " +
        "Candidates listed with it are members of the family it describes, to browse, not an answer.",
    },
    WEAK_MATCH: { description: "The best published candidate shares too little with the text to be named." },
    EMPTY_STORE: { description: "No problem is indexed yet." },
    INDEX_UNAVAILABLE: { description: "The discovery index is not loaded; retry later." },
    FILTERED: {
      description: "Only unpublished problems match; they are listed as duplicateWarnings, never as candidates.",
    },
  } as const,
  description: "Why a lane returned no confident answer: the caller can tell an empty store from a weak match.",
});

const DiscoveryRuleEnum = builder.enumType("DiscoveryRule", {
  description: "The rule that decided a discovery's outcome.",
  values: {
    EXACT_IDENTIFIER: {
      description: "MATCH or AMBIGUOUS: the text holds an exact identifier (number, URL, Lean declaration, ...).",
    },
    CALLED_BY_NAME: {
      description: "MATCH: the text calls the problem by its title, an alias or its statement's heading.",
    },
    CLEAR_MATCH: {
      description: "MATCH: the best candidate meets the thresholds and leads the next by the required margin.",
    },
    CLOSE_RIVAL: {
      description: "AMBIGUOUS: the best candidate meets the thresholds but leads the next by too little.",
    },
    NAME_NOT_CARRIED: {
      description:
        "AMBIGUOUS: the text calls a catalogued problem by a proper name that the best candidate does not carry.",
    },
    BEST_BELOW_THRESHOLDS: {
      description: "AMBIGUOUS: the best candidate misses a threshold that one just below it meets.",
    },
    DOMINANT_IN_LONG_TEXT: {
      description:
        "AMBIGUOUS: in a long text (context, history, notation diluting its words) the best candidate far outscores every other, though the text's words alone would abstain.",
    },
    TOO_LITTLE_INFORMATION: { description: "UNDERSPECIFIED_QUERY: too few rare terms to name one problem." },
    AREA_ONLY: {
      description: "UNDERSPECIFIED_QUERY: every informative word names an area, and no parameter is stated.",
    },
    TOO_MANY_PROBLEMS: {
      description: "UNDERSPECIFIED_QUERY: too many published problems hold everything the text says.",
    },
    TOPIC_PHRASE: { description: "UNDERSPECIFIED_QUERY: a short phrase that names a topic and asks nothing." },
    REQUEST_FOR_ANY: {
      description:
        "UNDERSPECIFIED_QUERY: a request for any problem of a family, or for help, a definition, a method or literature.",
    },
    REQUEST_FOR_SEVERAL: { description: "UNDERSPECIFIED_QUERY: a request for several problems." },
    UNKNOWN_NAME: {
      description:
        "WEAK_MATCH: the text names a problem by a name no catalogue entry holds, and nothing matches clearly.",
    },
    NO_CANDIDATE_MEETS_THRESHOLDS: { description: "WEAK_MATCH: no early candidate shares enough with the text." },
    ONLY_UNPUBLISHED: { description: "FILTERED: only unpublished problems match." },
    EMPTY_STORE: { description: "EMPTY_STORE: no problem is indexed." },
    INDEX_UNAVAILABLE: { description: "INDEX_UNAVAILABLE: the index is not loaded." },
  } as const,
});

const DiscoveryDecisionType = builder.objectRef<DiscoveryDecision>("DiscoveryDecision").implement({
  description: "Why discovery answered as it did: the rule, and a sentence naming what the text did or lacked.",
  fields: (t) => ({
    rule: t.expose("rule", { type: DiscoveryRuleEnum }),
    explanation: t.exposeString("explanation"),
  }),
});

const ProblemCandidateType = builder.objectRef<DiscoveryCandidate>("ProblemCandidate").implement({
  fields: (t) => ({
    problem: t.prismaField({
      type: "Problem",
      resolve: (query, candidate, _args, context) =>
        context.prisma.problem.findUniqueOrThrow({ ...query, where: { id: candidate.problemId } }),
    }),
    score: t.exposeFloat("score"),
    relevance: t.exposeFloat("relevance"),
    margin: t.exposeFloat("margin", {
      description: "Relative margin over the next candidate: (score - next) / score.",
    }),
    sharedTerms: t.exposeStringList("sharedTerms"),
    coverage: t.exposeFloat("coverage", {
      description: "Share of the query's informative terms this problem matches.",
    }),
    confidence: t.exposeFloat("confidence", {
      description: "Calibrated probability that this is the intended problem.",
    }),
    reasons: t.exposeStringList("reasons"),
  }),
});

export const LaneReportType = builder.objectRef<LaneReport>("LaneReport").implement({
  description: "What one retrieval lane did: candidates, index version, freshness, score basis, abstention.",
  fields: (t) => ({
    lane: t.exposeString("lane"),
    candidateCount: t.exposeInt("candidateCount"),
    indexVersion: t.exposeString("indexVersion"),
    highWaterMark: t.field({
      type: "BigInt",
      description:
        "Every change event up to this sequence that the lane follows is in what it read (events it does not follow, such as research records, count as read).",
      resolve: (report) => report.highWaterMark,
    }),
    lagEvents: t.exposeInt("lagEvents", {
      description: "Events the lane follows that are committed but not yet in its index (0: current).",
    }),
    scoreBasis: t.exposeString("scoreBasis"),
    abstentionReason: t.exposeString("abstentionReason", { nullable: true }),
    heldBack: t.int({
      description:
        "Matching records kept out of this packet as QUARANTINED (instruction-like or repetitive text); only audit intents see them.",
      resolve: (report) => report.heldBack ?? 0,
    }),
  }),
});

const ProblemDiscoveryType = builder.objectRef<DiscoveryPayload>("ProblemDiscovery").implement({
  fields: (t) => ({
    outcome: t.expose("outcome", { type: OutcomeEnum }),
    abstentionReason: t.expose("abstentionReason", { type: AbstentionEnum, nullable: true }),
    candidates: t.field({ type: [ProblemCandidateType], resolve: (result) => result.candidates }),
    duplicateWarnings: t.field({
      type: [ProblemCandidateType],
      description: "Unpublished catalogue rows that match: never candidates, only warnings.",
      resolve: (result) => result.duplicateWarnings,
    }),
    matchedBy: t.expose("matchedBy", {
      type: IdentityKindEnum,
      nullable: true,
      description:
        "The exact identifier kind that named the answer (an Erdős number, URL, Lean declaration, ... in the text): " +
        "identifiers resolve before free text, and the lane is then `identity`. Null when free text decided.",
    }),
    decision: t.field({ type: DiscoveryDecisionType, resolve: (result) => result.decision }),
    setAside: t.exposeStringList("setAside", {
      description:
        'Clauses of the text read as what the caller does not mean ("not the three-bases version", "rather than …"); ' +
        "their words were not used as evidence.",
    }),
    lane: t.field({
      type: LaneReportType,
      resolve: (result) => ({
        ...result.lane,
        highWaterMark: result.freshness.highWaterMark,
        lagEvents: result.freshness.lagEvents,
      }),
    }),
    impressionId: t.exposeID("impressionId"),
  }),
});

builder.queryField("discoverProblems", (t) =>
  t.field({
    type: ProblemDiscoveryType,
    description:
      'Discovery of published problems from an agent\'s words. Exact identifiers in the text ("Erdős problem 786", an OEIS ' +
      "A-number, a Lean declaration, a URL) resolve first; free text is ranked and abstains (UNDERSPECIFIED_QUERY, WEAK_MATCH) instead of guessing.",
    args: { text: t.arg.string({ required: true }), limit: t.arg.int({ defaultValue: 5 }) },
    errors: { types: [InvalidInputError], directResult: true, union: { name: "ProblemDiscoveryResult" } },
    resolve: (_root, args, context) =>
      runDiscovery({
        prisma: context.prisma,
        impressions: context.services.impressions,
        discovery: context.services.discovery,
        operatorId: context.auth.status === "VALID" ? context.auth.operator.id : null,
        text: args.text,
        limit: args.limit ?? 5,
      }),
  }),
);
