// Round trip 2 of orient: the checkpoints (cached under the target head's mark), the branches to
// descend, then the sparse pool, proof-state matches and the descended branches' members together.
// Everything it reads is fixed by a ReadContext, so a request may start it on the context the same
// ref had last time, alongside the identity read, and keep the result only when the identity read
// confirms that context (runOrient); otherwise it runs again on the confirmed one.
import type { Sql } from "./sql.js";
import { ROOT_BRANCH } from "../../memory/domain/branch-derivation.js";
import { chooseBranches, type Descent } from "../domain/descend.js";
import { includesSuperseded } from "../domain/intent-policy.js";
import { loadBranchMembers, loadCheckpoints } from "./load-memory.js";
import {
  loadProofMatches,
  readRecordRows,
  uncachedRecords,
  type ProofMatches,
  type RecordRow,
} from "./load-records.js";
import { loadSparsePool, type SparsePool } from "./load-sparse.js";
import type { OrientCaches } from "./orient-caches.js";
import type { Intent } from "../domain/orient.types.js";
import { commonTermsOf, goalFingerprints } from "./pool-stats.js";
import type { AnalysedQuery } from "../domain/query.js";
import { rankCheckpoints, type CheckpointView } from "../domain/rank-checkpoints.js";
import { distinctiveTerms } from "./term-shares.js";
import type { ReadContext } from "./read-context.js";

export interface CandidateReads {
  checkpoints: CheckpointView[];
  descent: Descent;
  sparse: SparsePool;
  proof: ProofMatches;
  members: { id: string; branchName: string }[];
  /** Rows of members new to the process, read within this round trip (runOrient absorbs them). */
  memberRows: RecordRow[];
}

export async function readCandidates(
  sql: Sql,
  caches: OrientCaches,
  context: ReadContext,
  query: AnalysedQuery,
  intent: Intent,
  shares: Promise<ReadonlyMap<string, number>>,
): Promise<CandidateReads> {
  const fingerprints = goalFingerprints(query.goals, context.worlds);
  const proofPending = loadProofMatches(
    sql,
    context.targetId,
    context.scope,
    fingerprints.exact,
    fingerprints.structural,
  );
  proofPending.catch(() => undefined); // awaited below
  const checkpoints =
    context.memoryVersion === null
      ? []
      : await loadCheckpoints(
          sql,
          caches.checkpoints,
          context.memoryVersion,
          context.targetId,
          context.scope,
          context.headMark,
        );
  // The sparse probe needs only the root checkpoints' key terms, not the ranking: it starts first, and the
  // checkpoints are ranked while it runs.
  const distinctive = distinctiveTerms(query.terms, commonTermsOf(checkpoints), await shares);
  const sparsePending: Promise<SparsePool> =
    context.sparseVersion === null
      ? Promise.resolve({ hits: [], withheld: [], saturated: false })
      : loadSparsePool(
          sql,
          caches.documents,
          context.sparseVersion,
          context.targetId,
          context.scope,
          query.terms,
          distinctive,
          !includesSuperseded(intent),
        );
  sparsePending.catch(() => undefined); // awaited below
  const ranked = rankCheckpoints(checkpoints, query.terms, intent, caches.derived.checkpoints);
  const descent = chooseBranches(ranked);
  const descended = descent.selected.length
    ? descent.selected
    : ranked.filter((entry) => entry.name === ROOT_BRANCH).slice(0, 2);
  // Members of newly descended branches are mostly new to the process: their rows are read as soon as
  // their ids are known, alongside the sparse probe, instead of in a later round trip.
  const membersPending =
    context.memoryVersion === null
      ? Promise.resolve([])
      : loadBranchMembers(sql, caches.members, context.memoryVersion, descended, context.headMark);
  const memberRowsPending = membersPending.then((members) =>
    readRecordRows(
      sql,
      context.sparseVersion,
      context.targetId,
      uncachedRecords(
        members.map((member) => member.id),
        context.sparseVersion,
        caches,
      ),
    ),
  );
  const [sparse, proof, members, memberRows] = await Promise.all([
    sparsePending,
    proofPending,
    membersPending,
    memberRowsPending,
  ]);
  return { checkpoints, descent, sparse, proof, members, memberRows };
}
