// Checkpoint heads: the entry point of a project (its branches) and of a target (its projects' root
// branches), each with a one-paragraph summary. Pure functions of the branch checkpoints.
import { HEAD_BRANCHES_NAMED, SUMMARY_MAX_CHARS } from "./memory.constants.js";
import { ROOT_BRANCH } from "./branch-derivation.js";

export interface HeadBranch {
  id: string;
  name: string;
  memberCount: number;
  currentCount: number;
  summary: string;
}

export interface HeadContent {
  branchIds: string[];
  summary: string;
  memberCount: number;
}

function bySize(left: HeadBranch, right: HeadBranch): number {
  return (
    right.memberCount - left.memberCount ||
    (left.name < right.name ? -1 : left.name > right.name ? 1 : 0) ||
    (left.id < right.id ? -1 : 1)
  );
}

function bounded(text: string): string {
  return text.length <= SUMMARY_MAX_CHARS ? text : `${text.slice(0, SUMMARY_MAX_CHARS - 1).trimEnd()}…`;
}

/** Root branch first, then the others largest first: the order an agent should descend in. */
export function buildProjectHead(branches: HeadBranch[]): HeadContent {
  const root = branches.find((branch) => branch.name === ROOT_BRANCH);
  const others = branches.filter((branch) => branch !== root).sort(bySize);
  const named = others.slice(0, HEAD_BRANCHES_NAMED).map((branch) => `${branch.name} (${branch.memberCount})`);
  const counts = `${root?.currentCount ?? 0} current of ${root?.memberCount ?? 0} records in ${branches.length} branches`;
  const lead = named.length > 0 ? `${counts}; largest: ${named.join(", ")}.` : `${counts}.`;
  return {
    branchIds: [...(root ? [root.id] : []), ...others.map((branch) => branch.id)],
    summary: bounded(root?.summary ? `${lead} ${root.summary}` : lead),
    memberCount: root?.memberCount ?? 0,
  };
}

/** A target's head lists its projects' root branches, largest first. */
export function buildTargetHead(roots: HeadBranch[]): HeadContent {
  const ordered = [...roots].sort(bySize);
  const memberCount = ordered.reduce((total, root) => total + root.memberCount, 0);
  const currentCount = ordered.reduce((total, root) => total + root.currentCount, 0);
  const lead = `${ordered.length} projects, ${currentCount} current of ${memberCount} records.`;
  const largest = ordered.find((root) => root.summary);
  return {
    branchIds: ordered.map((root) => root.id),
    summary: bounded(largest ? `${lead} Largest project: ${largest.summary}` : lead),
    memberCount,
  };
}
