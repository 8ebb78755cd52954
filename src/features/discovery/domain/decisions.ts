// Why discovery answered as it did: one rule per path through the decision, with a sentence that names what the
// text did or lacked, so an agent can tell "ask for one problem" from "add what sets it apart" from "not catalogued".
import { MIN_COVERAGE, MIN_MARGIN, MIN_RELEVANCE, MIN_SHARED_TERMS, WEAK_MATCH_DEPTH } from "./discovery.constants.js";
import type { FamilyForm } from "./specificity.js";

export type DiscoveryRule =
  | "EXACT_IDENTIFIER"
  | "CALLED_BY_NAME"
  | "CLEAR_MATCH"
  | "CLOSE_RIVAL"
  | "NAME_NOT_CARRIED"
  | "BEST_BELOW_THRESHOLDS"
  | "DOMINANT_IN_LONG_TEXT"
  | "TOO_LITTLE_INFORMATION"
  | "AREA_ONLY"
  | "TOO_MANY_PROBLEMS"
  | FamilyForm
  | "UNKNOWN_NAME"
  | "NO_CANDIDATE_MEETS_THRESHOLDS"
  | "ONLY_UNPUBLISHED"
  | "EMPTY_STORE"
  | "INDEX_UNAVAILABLE";

export interface DiscoveryDecision {
  rule: DiscoveryRule;
  explanation: string;
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;
const quoted = (terms: readonly string[]): string =>
  terms.length === 0 ? "none" : terms.map((term) => `"${term}"`).join(", ");
const THRESHOLDS = `at least ${MIN_SHARED_TERMS} shared terms, coverage ${MIN_COVERAGE} and relevance ${MIN_RELEVANCE}`;

export const decisions = {
  indexUnavailable: (): DiscoveryDecision => ({
    rule: "INDEX_UNAVAILABLE",
    explanation: "The discovery index is not loaded yet; retry shortly.",
  }),
  emptyStore: (): DiscoveryDecision => ({ rule: "EMPTY_STORE", explanation: "No problem is indexed." }),
  tooLittleInformation: (informative: readonly string[]): DiscoveryDecision => ({
    rule: "TOO_LITTLE_INFORMATION",
    explanation:
      `The text has too little that is rare in the catalogue to name one problem (informative terms: ${quoted(informative)}). ` +
      "Add the statement's objects, relations or parameters.",
  }),
  areaOnly: (informative: readonly string[]): DiscoveryDecision => ({
    rule: "AREA_ONLY",
    explanation: `Every informative word names an area of mathematics (${quoted(informative)}) and the text states no parameter.`,
  }),
  tooManyProblems: (): DiscoveryDecision => ({
    rule: "TOO_MANY_PROBLEMS",
    explanation: "Too many published problems hold everything the text says; add what sets the intended one apart.",
  }),
  family: (form: FamilyForm): DiscoveryDecision => ({
    rule: form,
    explanation: {
      TOPIC_PHRASE:
        "A short phrase that names a topic and asks nothing; the candidates are problems on that topic, to browse.",
      REQUEST_FOR_ANY:
        "A request for any problem of a family, or for help, a definition, a method or literature, not the statement of " +
        "one problem; the candidates are problems that fit it, to browse.",
      REQUEST_FOR_SEVERAL:
        "A request for several problems (problems, questions, conjectures, results about something); the candidates " +
        "are members of that family, to browse. Ask about one problem to get an answer.",
    }[form],
  }),
  unknownName: (name: string): DiscoveryDecision => ({
    rule: "UNKNOWN_NAME",
    explanation:
      `The text names "${name}", a name no catalogue entry holds, and no candidate matches clearly: ` +
      "the problem is most likely not catalogued. The candidates are the nearest neighbours.",
  }),
  noCandidateMeetsThresholds: (candidates: number): DiscoveryDecision => ({
    rule: "NO_CANDIDATE_MEETS_THRESHOLDS",
    explanation:
      candidates === 0
        ? "No published problem shares an informative term, or three content words, with the text."
        : `None of the first ${WEAK_MATCH_DEPTH} candidates shares enough with the text (${THRESHOLDS}).`,
  }),
  onlyUnpublished: (): DiscoveryDecision => ({
    rule: "ONLY_UNPUBLISHED",
    explanation: `Only unpublished problems share enough with the text (${THRESHOLDS}); they are listed as duplicate warnings.`,
  }),
  calledByName: (title: string): DiscoveryDecision => ({
    rule: "CALLED_BY_NAME",
    explanation: `The text calls "${title}" by its name.`,
  }),
  clearMatch: (margin: number): DiscoveryDecision => ({
    rule: "CLEAR_MATCH",
    explanation:
      `The best candidate shares enough with the text (${THRESHOLDS}) and leads the next by ${percent(margin)} ` +
      `(a match needs ${percent(MIN_MARGIN)}).`,
  }),
  closeRival: (margin: number): DiscoveryDecision => ({
    rule: "CLOSE_RIVAL",
    explanation:
      `The best candidate leads the next by only ${percent(margin)} (a match needs ${percent(MIN_MARGIN)}); compare the ` +
      "candidates, or add what sets the intended one apart.",
  }),
  nameNotCarried: (name: string): DiscoveryDecision => ({
    rule: "NAME_NOT_CARRIED",
    explanation:
      `The text calls "${name}" by name, and the best candidate does not carry that name, however much else it shares: ` +
      "compare the candidates, or ask for the named problem by its name alone.",
  }),
  bestBelowThresholds: (): DiscoveryDecision => ({
    rule: "BEST_BELOW_THRESHOLDS",
    explanation:
      `The best candidate alone does not share enough with the text (${THRESHOLDS}), though one of the next ` +
      `${WEAK_MATCH_DEPTH - 1} does; compare the candidates.`,
  }),
  dominantInLongText: (margin: number, words: number, overruled: string): DiscoveryDecision => ({
    rule: "DOMINANT_IN_LONG_TEXT",
    explanation:
      `A long text (${words} words) whose best candidate leads the next by ${percent(margin)}: its context dilutes ` +
      `what it shares with any statement (${overruled}), so the candidate is offered, not matched; check it against the text.`,
  }),
  exactIdentifier: (refs: readonly string[]): DiscoveryDecision => ({
    rule: "EXACT_IDENTIFIER",
    explanation:
      refs.length === 1
        ? `The text holds the exact identifier "${refs[0]}", which names the problem.`
        : `The text holds exact identifiers of ${refs.length} problems (${quoted(refs)}); pick one.`,
  }),
};
