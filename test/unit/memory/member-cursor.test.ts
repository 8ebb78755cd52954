import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeMemberCursor, encodeMemberCursor } from "../../../src/features/memory/domain/member-cursor.js";
import { InvalidCursorError } from "../../../src/features/memory/domain/memory.errors.js";

const key = randomBytes(32);
const scope = { branchId: "b1", projectId: "p1", routingTargetId: "t1", traversed: ["root", "b1"] };
const position = { createdAt: new Date("2026-01-02T03:04:05.678Z"), id: "o1" };

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof InvalidCursorError) return error.reason;
    throw error;
  }
  return undefined;
}

describe("member cursors", () => {
  it("round-trips the keyset position within its scope", () => {
    const cursor = encodeMemberCursor(scope, position, key);
    expect(decodeMemberCursor(cursor, scope, key)).toEqual(position);
  });

  it("rejects a cursor of another branch, project, target or path as FOREIGN", () => {
    const cursor = encodeMemberCursor(scope, position, key);
    expect(reasonOf(() => decodeMemberCursor(cursor, { ...scope, branchId: "b2" }, key))).toBe("FOREIGN");
    expect(reasonOf(() => decodeMemberCursor(cursor, { ...scope, projectId: "p2" }, key))).toBe("FOREIGN");
    expect(reasonOf(() => decodeMemberCursor(cursor, { ...scope, routingTargetId: "t2" }, key))).toBe("FOREIGN");
    expect(reasonOf(() => decodeMemberCursor(cursor, { ...scope, traversed: ["b1"] }, key))).toBe("FOREIGN");
  });

  it("rejects altered payloads and other keys as TAMPERED, garbage as MALFORMED", () => {
    const cursor = encodeMemberCursor(scope, position, key);
    const [payload, signature] = cursor.split(".");
    const forged = Buffer.from(Buffer.from(payload!, "base64url").toString().replace("o1", "o2")).toString("base64url");
    expect(reasonOf(() => decodeMemberCursor(`${forged}.${signature}`, scope, key))).toBe("TAMPERED");
    expect(reasonOf(() => decodeMemberCursor(cursor, scope, randomBytes(32)))).toBe("TAMPERED");
    expect(reasonOf(() => decodeMemberCursor("not-a-cursor", scope, key))).toBe("MALFORMED");
    expect(new InvalidCursorError("MALFORMED", "x").code).toBe("INVALID_CURSOR");
  });
});
