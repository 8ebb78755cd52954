// Which memory branches a research object belongs to, as a pure function of its canonical fields.
// Branch ids are digests of (project, name), so every rebuild and every process derives the same ids.
import { createHash } from "node:crypto";
import type { BranchKind, EvidenceGrade, ResearchKind } from "../../../generated/prisma/enums.js";

export const ROOT_BRANCH = "project";
export const ARTIFACT_BRANCH = "artifacts";
export const SOURCE_BRANCH = "sources";

/** Outcome branches group records by what they established, whatever approach produced them. */
export const OUTCOME_BRANCHES: Record<ResearchKind, string | null> = {
  CLAIM: "outcome/claims",
  ATTEMPT: "outcome/attempts",
  NEGATIVE_TRACE: "outcome/negative-traces",
  OPEN_QUESTION: "outcome/open-questions",
  ARTIFACT: null,
  FORMALIZATION: null,
};

/** Derived kinds take precedence when a named branch reuses a reserved name (e.g. `outcome/claims`). */
export const KIND_PRECEDENCE: readonly BranchKind[] = ["PROJECT", "OUTCOME", "ARTIFACT", "SOURCE", "APPROACH"];

/**
 * Whether `kind` wins over `other` for one branch name. Objects of one project may derive the same name
 * with different kinds (a record named onto `sources` without being source-backed derives an approach), so
 * the branch takes the winning kind over all its members, whatever order they are written in.
 */
export function takesPrecedence(kind: BranchKind, other: BranchKind): boolean {
  return KIND_PRECEDENCE.indexOf(kind) < KIND_PRECEDENCE.indexOf(other);
}

export interface BranchSource {
  projectId: string;
  kind: ResearchKind;
  evidenceGrade: EvidenceGrade;
  branchName: string | null;
}

export interface DerivedBranch {
  name: string;
  kind: BranchKind;
  parentName: string | null;
}

// A fixed namespace keeps ids from colliding with uuids minted for anything else.
const BRANCH_NAMESPACE = "memory-branch:v1";

/** uuid (version 5 layout) of sha1(namespace, project, name). */
export function branchId(projectId: string, name: string): string {
  const bytes = createHash("sha1")
    .update(`${BRANCH_NAMESPACE}\u0000${projectId}\u0000${name}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `a/b/c` -> `a`, `a/b`, `a/b/c`: nested approaches aggregate their sub-approaches' members. */
function approachChain(name: string): DerivedBranch[] {
  const segments = name.split("/");
  return segments.map((_, index) => ({
    name: segments.slice(0, index + 1).join("/"),
    kind: "APPROACH" as const,
    parentName: index === 0 ? ROOT_BRANCH : segments.slice(0, index).join("/"),
  }));
}

export function deriveBranches(object: BranchSource): DerivedBranch[] {
  const branches: DerivedBranch[] = [{ name: ROOT_BRANCH, kind: "PROJECT", parentName: null }];
  const outcome = OUTCOME_BRANCHES[object.kind];
  if (outcome) branches.push({ name: outcome, kind: "OUTCOME", parentName: ROOT_BRANCH });
  else branches.push({ name: ARTIFACT_BRANCH, kind: "ARTIFACT", parentName: ROOT_BRANCH });
  if (object.evidenceGrade === "SOURCE_BACKED")
    branches.push({ name: SOURCE_BRANCH, kind: "SOURCE", parentName: ROOT_BRANCH });
  if (object.branchName) branches.push(...approachChain(object.branchName));
  const byName = new Map<string, DerivedBranch>();
  for (const branch of branches) {
    const existing = byName.get(branch.name);
    if (!existing || takesPrecedence(branch.kind, existing.kind)) byName.set(branch.name, branch);
  }
  return [...byName.values()].sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

/** The most specific branch of an object: its named approach, else its outcome or artifact branch. */
export function primaryBranch(object: BranchSource): DerivedBranch {
  const branches = deriveBranches(object);
  if (object.branchName) return branches.find((branch) => branch.name === object.branchName)!;
  const outcome = OUTCOME_BRANCHES[object.kind] ?? ARTIFACT_BRANCH;
  return branches.find((branch) => branch.name === outcome)!;
}
