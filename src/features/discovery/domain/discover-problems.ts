// The `discoverProblems` use case: exact identifiers in the text resolve before free-text discovery
// ("Erdős problem 786", "A280831", "Erdos20.erdos_20", a URL), then the free-text lane ranks the rest.
// An identifier the caller set aside ("not Erdős 786 but …") is no evidence, like any contrasted clause, and
// one that the free-text match's own statement quotes is a cross-reference inside it, not the subject.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { isActionable, type PublicationState } from "../../catalogue/domain/catalogue.types.js";
import type { IdentityKind } from "../../identity/domain/identifier-keys.js";
import { resolveProblemRefs } from "../../identity/domain/resolve-problem-ref.js";
import { analyzeText } from "../../../text/normalize.js";
import { decisions } from "./decisions.js";
import { rankQuery, readQuery, type DiscoveryCandidate, type DiscoveryResult } from "./discover.js";
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

/** A problem an exact identifier in the text names, with the identifier as written and its kind. */
interface NamedByIdentifier {
  problem: NamedProblem;
  ref: string;
  kind: IdentityKind;
}

/** Problems the exact identifiers of `affirmed` (the query without its contrasted clauses) name, in the order the identifiers appear. */
async function problemsNamedIn(prisma: PrismaClient, affirmed: string): Promise<NamedByIdentifier[]> {
  const references = exactReferences(affirmed).slice(0, MAX_REFERENCES);
  if (references.length === 0) return [];
  const resolutions = (
    await resolveProblemRefs(
      prisma,
      references.map((reference) => reference.ref),
    )
  ).filter((resolution) => resolution.matchedBy !== null);
  const namedIds = [...new Set(resolutions.flatMap((resolution) => resolution.candidateIds))];
  if (namedIds.length === 0) return [];
  const problems = await prisma.problem.findMany({
    where: { id: { in: namedIds } },
    select: { id: true, number: true, title: true, publicationState: true },
  });
  const byId = new Map(problems.map((problem) => [problem.id, problem]));
  return namedIds.flatMap((id) => {
    const problem = byId.get(id);
    const via = resolutions.find((resolution) => resolution.candidateIds.includes(id));
    return problem === undefined || via?.matchedBy == null ? [] : [{ problem, ref: via.ref, kind: via.matchedBy }];
  });
}

/**
 * Identifiers that are cross-references inside the statement the caller wrote, not its subject: free text
 * matches another problem whose own wording quotes them. "p ∈ A003625 ⇒ a(p²) ≡ p² + 8 (mod p³)" is A079727's
 * conjecture about the primes of A003625, and A079727's statement says "if prime p is in A003625".
 */
function crossReferences(
  index: DiscoveryIndex | null,
  freeText: DiscoveryResult,
  mentioned: readonly NamedByIdentifier[],
): NamedByIdentifier[] {
  const match = freeText.outcome === "MATCH" ? freeText.candidates[0] : undefined;
  if (index === null || match === undefined) return [];
  return mentioned.filter(({ problem, ref }) => {
    if (match.problemId === problem.id) return false;
    const tokens = analyzeText(ref).tokens;
    return tokens.length > 0 && index.wordingHolds(match.problemId, tokens);
  });
}

/** The free-text answer, its match saying which identifiers it quotes and so were read as cross-references. */
function withCrossReferences(freeText: DiscoveryResult, quoted: readonly NamedByIdentifier[]): ProblemDiscoveryResult {
  const [match, ...rest] = freeText.candidates;
  if (quoted.length === 0 || match === undefined) return { ...freeText, matchedBy: null };
  const notes = quoted.map(
    ({ problem, ref }) => `its statement quotes "${ref}" (${problem.title}): a cross-reference, not the subject`,
  );
  return { ...freeText, candidates: [{ ...match, reasons: [...match.reasons, ...notes] }, ...rest], matchedBy: null };
}

/** A named problem as a candidate: certain of its identity, so its confidence is shared only among the `named` problems. */
function identityCandidate(
  { problem, ref, kind }: NamedByIdentifier,
  named: number,
  ranked: DiscoveryCandidate | undefined,
): DiscoveryCandidate {
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
export async function discoverProblems(
  prisma: PrismaClient,
  index: DiscoveryIndex | null,
  text: string,
  limit: number,
): Promise<ProblemDiscoveryResult> {
  const query = readQuery(text, limit);
  const freeText = rankQuery(index, query);
  const mentioned = await problemsNamedIn(prisma, query.affirmed);
  const quoted = crossReferences(index, freeText, mentioned);
  const named = mentioned.filter((entry) => !quoted.includes(entry));
  if (named.length === 0) return withCrossReferences(freeText, quoted);
  const namedIds = new Set(named.map(({ problem }) => problem.id));
  const ranked = new Map(
    [...freeText.candidates, ...freeText.duplicateWarnings].map((candidate) => [candidate.problemId, candidate]),
  );
  const actionable = named.filter(({ problem }) => isActionable(problem.publicationState));
  const asCandidate = (entry: NamedByIdentifier) =>
    identityCandidate(entry, Math.max(1, actionable.length), ranked.get(entry.problem.id));
  const warnings = named.filter(({ problem }) => !isActionable(problem.publicationState)).map(asCandidate);
  const duplicateWarnings = [
    ...warnings,
    ...freeText.duplicateWarnings.filter((candidate) => !namedIds.has(candidate.problemId)),
  ].slice(0, limit);
  if (actionable.length === 0) return { ...freeText, duplicateWarnings, matchedBy: null };
  const candidates = [
    ...actionable.map(asCandidate),
    ...freeText.candidates.filter((candidate) => !namedIds.has(candidate.problemId)),
  ].slice(0, limit);
  return {
    outcome: actionable.length === 1 ? "MATCH" : "AMBIGUOUS",
    abstentionReason: null,
    candidates,
    duplicateWarnings,
    lane: {
      lane: "identity",
      candidateCount: candidates.length,
      indexVersion: freeText.lane.indexVersion,
      scoreBasis: IDENTITY_SCORE_BASIS,
      abstentionReason: null,
    },
    decision: decisions.exactIdentifier(actionable.map(({ ref }) => ref)),
    setAside: freeText.setAside,
    matchedBy: actionable[0]!.kind,
  };
}
