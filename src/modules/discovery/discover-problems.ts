// The `discoverProblems` use case: exact identifiers in the text resolve before free-text discovery
// ("Erdős problem 786", "A280831", "Erdos20.erdos_20", a URL), then the free-text lane ranks the rest.
// An identifier the caller set aside ("not Erdős 786 but …") is no evidence, like any contrasted clause.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { isActionable, type PublicationState } from "../catalogue/catalogue.types.js";
import type { IdentityKind } from "../identity/identifier-keys.js";
import { resolveProblemRefs } from "../identity/resolve-problem-ref.js";
import { stripControlCharacters } from "../text/normalize.js";
import { splitContrasts } from "./contrasts.js";
import { discover, type DiscoveryCandidate, type DiscoveryResult } from "./discover.js";
import type { DiscoveryIndex } from "./discovery-index.js";
import { exactReferences } from "./exact-references.js";

export interface ProblemDiscoveryResult extends DiscoveryResult {
  /** The identifier kind that named the answer (NUMBER, URL, LEAN_DECLARATION, ...); null when free text did. */
  matchedBy: IdentityKind | null;
}

/** Identifiers looked up per call: a text quoting more names a list, not a problem, and the lookup stays one bounded query. */
const MAX_REFERENCES = 20;

const IDENTITY_SCORE_BASIS =
  "exact identifiers in the text (Erdős numbers, OEIS A-numbers, stable ids, Lean declarations, URLs, or the whole text as one ref) " +
  "resolve before free-text discovery; the free-text candidates follow";

interface NamedProblem {
  id: string;
  number: number | null;
  title: string;
  publicationState: PublicationState;
}

/** A problem an identifier names, as a candidate: certain of its identity, so its confidence is shared only with the other named problems. */
function identityCandidate(problem: NamedProblem, ref: string, kind: IdentityKind, named: number, ranked: DiscoveryCandidate | undefined): DiscoveryCandidate {
  return {
    problemId: problem.id,
    number: problem.number,
    title: problem.title,
    publicationState: problem.publicationState,
    score: ranked?.score ?? 0,
    relevance: ranked?.relevance ?? 0,
    margin: 1,
    sharedTerms: ranked?.sharedTerms ?? [],
    coverage: ranked?.coverage ?? 0,
    confidence: 1 / named,
    reasons: [`named by the exact identifier "${ref}" (${kind})`, ...(ranked?.reasons ?? [])],
  };
}

/**
 * Free-text discovery with exact identity first. Throws DiscoveryInputError for bad text or limit (the
 * free-text lane validates before any lookup). Identifiers that name a problem not yet actionable
 * (catalogued, awaiting review) become duplicate warnings, never candidates.
 */
export async function discoverProblems(prisma: PrismaClient, index: DiscoveryIndex | null, text: string, limit: number): Promise<ProblemDiscoveryResult> {
  const freeText = discover(index, text, { limit });
  const references = exactReferences(splitContrasts(stripControlCharacters(text).trim()).affirmed).slice(0, MAX_REFERENCES);
  if (references.length === 0) return { ...freeText, matchedBy: null };
  const resolutions = (await resolveProblemRefs(prisma, references.map((reference) => reference.ref))).filter((resolution) => resolution.status !== "NOT_FOUND");
  if (resolutions.length === 0) return { ...freeText, matchedBy: null };
  const namedIds = [...new Set(resolutions.flatMap((resolution) => resolution.candidateIds))];
  const problems = await prisma.problem.findMany({
    where: { id: { in: namedIds } },
    select: { id: true, number: true, title: true, publicationState: true },
  });
  const byId = new Map(problems.map((problem) => [problem.id, problem as NamedProblem]));
  const viaOf = new Map(resolutions.flatMap((resolution) => resolution.candidateIds.map((id) => [id, resolution] as const)));
  const ranked = new Map([...freeText.candidates, ...freeText.duplicateWarnings].map((candidate) => [candidate.problemId, candidate]));
  const named = namedIds.map((id) => byId.get(id)).filter((problem) => problem !== undefined);
  const actionable = named.filter((problem) => isActionable(problem.publicationState));
  const toCandidate = (problem: NamedProblem) => {
    const via = viaOf.get(problem.id)!;
    return identityCandidate(problem, via.ref, via.matchedBy!, Math.max(1, actionable.length), ranked.get(problem.id));
  };
  const warnings = named.filter((problem) => !isActionable(problem.publicationState)).map(toCandidate);
  const duplicateWarnings = [...warnings, ...freeText.duplicateWarnings.filter((candidate) => !namedIds.includes(candidate.problemId))].slice(0, limit);
  if (actionable.length === 0) return { ...freeText, duplicateWarnings, matchedBy: null };
  const candidates = [...actionable.map(toCandidate), ...freeText.candidates.filter((candidate) => !namedIds.includes(candidate.problemId))].slice(0, limit);
  const matchedBy = viaOf.get(actionable[0]!.id)!.matchedBy;
  return {
    outcome: actionable.length === 1 ? "MATCH" : "AMBIGUOUS",
    abstentionReason: null,
    candidates,
    duplicateWarnings,
    lane: { lane: "identity", candidateCount: candidates.length, indexVersion: freeText.lane.indexVersion, scoreBasis: IDENTITY_SCORE_BASIS, abstentionReason: null },
    setAside: freeText.setAside,
    matchedBy,
  };
}
