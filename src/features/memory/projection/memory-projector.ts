// The `memory-branches` projector, kept caught up by the projection worker: one version holds branches,
// memberships, checkpoints and heads, so they switch together and share one high-water mark.
import { MEMORY_VIEW, MEMORY_VIEW_VERSION } from "../domain/memory.constants.js";
import { NORMALIZER_CODE_VERSION, withLexiconHash } from "../../../text/normalize.js";
import { applyMemoryEvents, buildMemoryVersion } from "./memory-apply.js";
import type { WorkerProjector } from "../../../projections/projector.js";
import { MemberTextCache } from "./member-text-cache.js";
import { BranchWindows } from "./branch-windows.js";

const ROOT = `'project'`;

/**
 * Key terms and the sentences a summary picks are ranked by the normaliser's tokens, so the view is built by the
 * normaliser's code and the lexicon as well as by its own derivation: a change to either rebuilds it, as it
 * rebuilds the sparse views.
 */
const MEMORY_CODE_VERSION = NORMALIZER_CODE_VERSION * 1000 + MEMORY_VIEW_VERSION;
export const MEMORY_VIEW_BUILD: string = withLexiconHash(MEMORY_CODE_VERSION);

/**
 * A projector of its own per registry: it keeps the text of the members it has seen (MemberTextCache)
 * and the windows of the branches it refreshed (BranchWindows) for its next refresh.
 */
export function createMemoryProjector(texts = new MemberTextCache()): WorkerProjector {
  const caches = { texts, windows: new BranchWindows() };
  return {
    view: MEMORY_VIEW,
    codeVersion: MEMORY_CODE_VERSION,
    viewVersion: MEMORY_VIEW_BUILD,
    kind: "worker",
    tables: [
      {
        table: "memory_branches",
        key: ["id"],
        compare: ["project_id", "routing_target_id", "name", "kind", "parent_id", "created_at"],
      },
      { table: "branch_memberships", key: ["branch_id", "research_object_id"], compare: ["member_created_at"] },
      {
        table: "checkpoints",
        key: ["branch_id"],
        compare: [
          "routing_target_id",
          "project_id",
          "summary",
          "key_terms",
          "member_count",
          "current_count",
          "evidence_mix",
          "kind_mix",
          "newest_member_id",
          "newest_member_at",
        ],
      },
      { table: "checkpoint_heads", key: ["scope", "scope_id"], compare: ["branch_ids", "summary", "member_count"] },
    ],
    checks: [
      {
        name: "every project has a root branch",
        sql: `SELECT count(*) FROM projects p WHERE NOT EXISTS (SELECT 1 FROM memory_branches b WHERE b.version = $1 AND b.project_id = p.id AND b.name = ${ROOT})`,
      },
      {
        name: "every research object is a member of its project's root branch",
        sql: `SELECT count(*) FROM research_objects o WHERE NOT EXISTS (SELECT 1 FROM memory_branches b JOIN branch_memberships m
              ON m.version = b.version AND m.branch_id = b.id WHERE b.version = $1 AND b.project_id = o.project_id AND b.name = ${ROOT} AND m.research_object_id = o.id)`,
      },
      {
        name: "no membership without its branch or its research object",
        sql: `SELECT count(*) FROM branch_memberships m WHERE m.version = $1 AND (NOT EXISTS (SELECT 1 FROM memory_branches b WHERE b.version = m.version AND b.id = m.branch_id)
              OR NOT EXISTS (SELECT 1 FROM research_objects o WHERE o.id = m.research_object_id))`,
      },
      {
        name: "every branch has exactly its checkpoint",
        sql: `SELECT (SELECT count(*) FROM memory_branches b WHERE b.version = $1 AND NOT EXISTS (SELECT 1 FROM checkpoints c WHERE c.version = b.version AND c.branch_id = b.id))
              + (SELECT count(*) FROM checkpoints c WHERE c.version = $1 AND NOT EXISTS (SELECT 1 FROM memory_branches b WHERE b.version = c.version AND b.id = c.branch_id))`,
      },
      {
        name: "root checkpoint counts equal the project's research objects",
        sql: `SELECT count(*) FROM memory_branches b JOIN checkpoints c ON c.version = b.version AND c.branch_id = b.id
              WHERE b.version = $1 AND b.name = ${ROOT} AND c.member_count <> (SELECT count(*) FROM research_objects o WHERE o.project_id = b.project_id)`,
      },
      {
        name: "every project has a head",
        sql: `SELECT count(*) FROM projects p WHERE NOT EXISTS (SELECT 1 FROM checkpoint_heads h WHERE h.version = $1 AND h.scope = 'PROJECT' AND h.scope_id = p.id)`,
      },
    ],
    build: (tx, version, mark, progress) => buildMemoryVersion(tx, version, mark, progress),
    catchUp: (tx, version, events) => applyMemoryEvents(tx, version, events, caches),
  };
}
