// Secret-exclusion scan over a JSON result record: oracle or proof keys anywhere, proof-like text,
// and credential-shaped tokens are blocking hits. Hits name paths, never the offending values.

import { ORACLE_KEYS, PROOF_BODY_KEYS } from "./premises.constants.js";

export interface SecretScan {
  scanned_path_count: number;
  blocking_hit_count: number;
  hits: Array<{ path: string; reason: string }>;
}

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([...ORACLE_KEYS, ...PROOF_BODY_KEYS]);

/** Tactic proofs and term proofs start like this; a metadata record has no reason to contain one. */
const PROOF_TEXT = /:=\s*by\b|\bby\s+(simp|omega|exact|intro|induction|rw|cases)\b/;
/** Common credential shapes: GitHub, OpenAI-style, Slack, AWS keys, bearer headers, PEM keys. */
const TOKEN_TEXT =
  /\b(ghp_|gho_|github_pat_|sk-|xox[abprs]-|AKIA)[A-Za-z0-9_-]{10,}|Bearer\s+[A-Za-z0-9._-]{10,}|-----BEGIN [A-Z ]*PRIVATE KEY-----/;

export function scanForSecrets(record: unknown): SecretScan {
  const scan: SecretScan = { scanned_path_count: 0, blocking_hit_count: 0, hits: [] };
  const hit = (path: string, reason: string): void => {
    scan.hits.push({ path, reason });
    scan.blocking_hit_count += 1;
  };
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, offset) => visit(item, `${path}[${offset}]`));
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(key)) hit(`${path}.${key}`, "oracle or proof key");
        visit(child, `${path}.${key}`);
      }
    } else {
      scan.scanned_path_count += 1;
      if (typeof value === "string" && PROOF_TEXT.test(value)) hit(path, "proof-like text");
      if (typeof value === "string" && TOKEN_TEXT.test(value)) hit(path, "credential-shaped token");
    }
  };
  visit(record, "$");
  return scan;
}
