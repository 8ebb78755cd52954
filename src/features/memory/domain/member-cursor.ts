// Opaque member cursors of `memoryBranch`: the keyset position (creation time, record id) plus the
// scope it is valid in (target, project, traversed branches), signed with HMAC-SHA256.
import { createHmac, timingSafeEqual } from "node:crypto";
import { InvalidCursorError } from "./memory.errors.js";

export interface CursorScope {
  branchId: string;
  projectId: string;
  routingTargetId: string;
  /** Branch ids from the project root down to this branch. */
  traversed: string[];
}

export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

// The first element versions the layout, so a future format can reject old cursors cleanly.
const CURSOR_LAYOUT = 1;

function sign(payload: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

export function encodeMemberCursor(scope: CursorScope, position: KeysetPosition, key: Buffer): string {
  const payload = Buffer.from(
    JSON.stringify([
      CURSOR_LAYOUT,
      scope.branchId,
      scope.projectId,
      scope.routingTargetId,
      scope.traversed,
      position.createdAt.toISOString(),
      position.id,
    ]),
  ).toString("base64url");
  return `${payload}.${sign(payload, key).toString("base64url")}`;
}

function sameScope(decoded: unknown[], scope: CursorScope): boolean {
  const traversed = decoded[4];
  return (
    decoded[1] === scope.branchId &&
    decoded[2] === scope.projectId &&
    decoded[3] === scope.routingTargetId &&
    Array.isArray(traversed) &&
    traversed.length === scope.traversed.length &&
    traversed.every((id, index) => id === scope.traversed[index])
  );
}

/** Checks signature, layout and scope; returns the keyset position to continue after. */
export function decodeMemberCursor(cursor: string, scope: CursorScope, key: Buffer): KeysetPosition {
  const [payload, signature, extra] = cursor.split(".");
  if (!payload || !signature || extra !== undefined)
    throw new InvalidCursorError("MALFORMED", "The member cursor is not one this service issued");
  const expected = sign(payload, key);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidCursorError(
      "TAMPERED",
      "The member cursor's signature does not match: it was altered or issued elsewhere",
    );
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw new InvalidCursorError("MALFORMED", "The member cursor cannot be read");
  }
  if (!Array.isArray(decoded) || decoded[0] !== CURSOR_LAYOUT || decoded.length !== 7) {
    throw new InvalidCursorError("MALFORMED", "The member cursor has an unknown layout");
  }
  if (!sameScope(decoded, scope)) {
    throw new InvalidCursorError(
      "FOREIGN",
      "The member cursor belongs to another branch, project or target: continue with a cursor from this branch",
    );
  }
  const createdAt = new Date(String(decoded[5]));
  if (Number.isNaN(createdAt.getTime()) || typeof decoded[6] !== "string")
    throw new InvalidCursorError("MALFORMED", "The member cursor position is invalid");
  return { createdAt, id: decoded[6] };
}
