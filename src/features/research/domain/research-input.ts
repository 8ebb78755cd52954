// Validation of research-write inputs: sizes, branch names, replay material and formal records.
// Everything is checked before the transaction starts, so a bad write touches nothing.
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { ResearchKind } from "../../../generated/prisma/enums.js";
import {
  BRANCH_NAME,
  MAX_BODY_CHARS,
  MAX_BRANCH_NAME_CHARS,
  MAX_METADATA_CHARS,
  MAX_RELATIONS_PER_WRITE,
  MAX_REPLAY_FIELD_CHARS,
  MAX_SUPERSEDES_PER_WRITE,
  MAX_TITLE_CHARS,
} from "./research.limits.js";

export interface ArtifactInput {
  uri?: string | null;
  command?: string | null;
  environment?: string | null;
  expectedOutputHash?: string | null;
  description?: string | null;
}

export interface FormalInput {
  leanDeclaration?: string | null;
  statement?: string | null;
  pinnedWorld?: string | null;
  goal?: string | null;
}

function checkLength(value: string | null | undefined, max: number, field: string): void {
  if (value && value.length > max)
    throw new InvalidInputError(
      `${field} is at most ${max} characters (got ${value.length})`,
      field,
      "INPUT_TOO_LARGE",
    );
}

export function validateTitleBody(title: string, body: string): { title: string; body: string } {
  const trimmedTitle = title.trim();
  if (!trimmedTitle) throw new InvalidInputError("title must not be empty", "title");
  checkLength(trimmedTitle, MAX_TITLE_CHARS, "title");
  if (!body.trim()) throw new InvalidInputError("body must not be empty", "body");
  checkLength(body, MAX_BODY_CHARS, "body");
  return { title: trimmedTitle, body };
}

export function validateBranch(branch: string | null | undefined): string | null {
  if (branch === null || branch === undefined || branch.trim() === "") return null;
  const name = branch.trim().toLowerCase();
  if (name.length > MAX_BRANCH_NAME_CHARS || !BRANCH_NAME.test(name)) {
    throw new InvalidInputError(
      "branch must be lower-case path segments such as `approach/second-moment` (at most 4 segments, 120 characters)",
      "branch",
    );
  }
  return name;
}

export function validateCounts(relations: number, supersedes: number): void {
  if (relations > MAX_RELATIONS_PER_WRITE)
    throw new InvalidInputError(
      `at most ${MAX_RELATIONS_PER_WRITE} relations per write`,
      "relations",
      "INPUT_TOO_LARGE",
    );
  if (supersedes > MAX_SUPERSEDES_PER_WRITE)
    throw new InvalidInputError(
      `at most ${MAX_SUPERSEDES_PER_WRITE} superseded objects per write`,
      "supersedes",
      "INPUT_TOO_LARGE",
    );
}

export function validateMetadata(metadata: unknown): Record<string, unknown> {
  if (metadata === null || metadata === undefined) return {};
  if (typeof metadata !== "object" || Array.isArray(metadata))
    throw new InvalidInputError("metadata must be a JSON object", "metadata");
  checkLength(JSON.stringify(metadata), MAX_METADATA_CHARS, "metadata");
  return metadata as Record<string, unknown>;
}

export function validateArtifact(kind: ResearchKind, artifact: ArtifactInput | null | undefined): ArtifactInput | null {
  if (!artifact) {
    if (kind === "ARTIFACT")
      throw new InvalidInputError(
        "an ARTIFACT needs `artifact` with a uri or a command to replay",
        "artifact",
        "MALFORMED_ARTIFACT",
      );
    return null;
  }
  for (const field of ["uri", "command", "environment", "description"] as const)
    checkLength(artifact[field], MAX_REPLAY_FIELD_CHARS, `artifact.${field}`);
  if (!artifact.uri && !artifact.command)
    throw new InvalidInputError("an artifact needs a uri or a command", "artifact", "MALFORMED_ARTIFACT");
  if (artifact.expectedOutputHash && !/^(sha256:)?[0-9a-f]{64}$/i.test(artifact.expectedOutputHash)) {
    throw new InvalidInputError(
      "artifact.expectedOutputHash must be a sha256 hex digest",
      "artifact.expectedOutputHash",
      "MALFORMED_ARTIFACT",
    );
  }
  if (artifact.expectedOutputHash && !artifact.command) {
    throw new InvalidInputError(
      "an expected output hash needs the command that produces it",
      "artifact.command",
      "MALFORMED_ARTIFACT",
    );
  }
  if (artifact.uri && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(artifact.uri)) {
    throw new InvalidInputError("artifact.uri must be an absolute URI", "artifact.uri", "MALFORMED_ARTIFACT");
  }
  return artifact;
}

export function validateFormal(kind: ResearchKind, formal: FormalInput | null | undefined): FormalInput | null {
  if (!formal) {
    if (kind === "FORMALIZATION")
      throw new InvalidInputError(
        "a FORMALIZATION needs `formal` with a Lean declaration or statement",
        "formal",
        "MALFORMED_FORMAL_RECORD",
      );
    return null;
  }
  for (const field of ["leanDeclaration", "statement", "pinnedWorld", "goal"] as const)
    checkLength(formal[field], MAX_REPLAY_FIELD_CHARS * 4, `formal.${field}`);
  if (!formal.leanDeclaration && !formal.statement && !formal.goal) {
    throw new InvalidInputError(
      "a formal record needs a Lean declaration, statement or goal",
      "formal",
      "MALFORMED_FORMAL_RECORD",
    );
  }
  if (formal.goal && !formal.pinnedWorld) {
    throw new InvalidInputError(
      "a goal fingerprint is scoped to a pinned world: give formal.pinnedWorld",
      "formal.pinnedWorld",
      "MALFORMED_FORMAL_RECORD",
    );
  }
  return formal;
}
