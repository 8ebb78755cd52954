// Operator tokens: random, shown once, stored only as a sha256 digest. The prefix makes a leaked
// token recognisable in logs and secret scanners.
import { createHash, randomBytes } from "node:crypto";

export const TOKEN_PREFIX = "rms_";

export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
