// Which relation types must stay acyclic, and the cycle check used before an edge is written.
// A support, dependency or derivation cycle is circular reasoning, whichever of those types its
// edges mix; disagreement and refutation may legitimately run both ways.
import type { RelationType } from "../../../generated/prisma/enums.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { RelationCycleError } from "./research.errors.js";

export const ACYCLIC_RELATIONS: ReadonlySet<RelationType> = new Set([
  "SUPPORTS",
  "DEPENDS_ON",
  "DERIVED_FROM",
  "REPRODUCES",
  "FORMALIZES",
  "GENERALIZES",
]);

// The walk follows the union of the acyclic types: SUPPORTS then DEPENDS_ON back is a cycle too.
const ACYCLIC_TYPES = [...ACYCLIC_RELATIONS];

/** Bound on the walk: research graphs are shallow, and a deeper chain is itself suspicious. */
const MAX_CYCLE_DEPTH = 10_000;

export async function assertEdgeAllowed(
  tx: TransactionClient,
  edge: { fromId: string; toId: string; type: RelationType; fromLabel: string; toLabel: string },
): Promise<void> {
  if (edge.fromId === edge.toId)
    throw new InvalidInputError("A research object cannot relate to itself", "relations", "SELF_RELATION");
  if (!ACYCLIC_RELATIONS.has(edge.type)) return;
  const rows = await tx.$queryRaw<{ found: boolean }[]>`
    WITH RECURSIVE reach(id, depth) AS (
      SELECT ${edge.toId}::uuid, 0
      UNION
      SELECT r.to_id, reach.depth + 1 FROM research_relations r JOIN reach ON r.from_id = reach.id
      WHERE r.type::text = ANY(${ACYCLIC_TYPES}::text[]) AND reach.depth < ${MAX_CYCLE_DEPTH}
    )
    SELECT EXISTS (SELECT 1 FROM reach WHERE id = ${edge.fromId}::uuid) AS found`;
  if (rows[0]?.found) throw new RelationCycleError(edge.type, [edge.fromLabel, edge.toLabel, "…", edge.fromLabel]);
}
