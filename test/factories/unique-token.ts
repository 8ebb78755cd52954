// The one source of uniqueness for factory rows: every factory derives its identifiers from a fresh
// token, so rows of different tests (and of parallel test files on one server) never collide.
import { randomBytes } from "node:crypto";

/** A short lower-case token, unique enough to keep factory rows apart within a database. */
export function uniqueToken(): string {
  return randomBytes(5).toString("hex");
}
