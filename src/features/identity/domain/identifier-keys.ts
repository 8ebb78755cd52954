// Normal forms of exact identifiers. The same functions build the stored keys at import time and
// the probe keys at lookup time, so "Erdős 12", "erdos-12" and "#12" meet on one index entry.
import { createHash } from "node:crypto";

export type IdentityKind =
  | "NUMBER"
  | "STABLE_ID"
  | "SLUG"
  | "SOURCE_RECORD_ID"
  | "LEAN_DECLARATION"
  | "URL"
  | "ALIAS"
  | "STATEMENT_HASH"
  | "STATEMENT_ACCESSION";

/** Lookup precedence: the first kind with any match decides the resolution. */
export const IDENTITY_PRECEDENCE: IdentityKind[] = [
  "STABLE_ID",
  "NUMBER",
  "SLUG",
  "SOURCE_RECORD_ID",
  "LEAN_DECLARATION",
  "URL",
  "STATEMENT_ACCESSION",
  "STATEMENT_HASH",
  "ALIAS",
];

/** Unicode-folded, lower-case, single-spaced text: ő→o, ﬁ→fi, full-width digits→ASCII. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** Alias key: folded text with punctuation removed ("Sidon-set problem" = "sidon set problem"). */
export function aliasKey(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** URL key: no scheme, no `www.`, no trailing slash or fragment, lower-case host. */
export function urlKey(raw: string): string | null {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!url.hostname.includes(".")) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const pathname = url.pathname.replace(/\/+$/, "");
  return `${host}${pathname}${url.search}`;
}

/** Number key for a numbered collection, e.g. "erdos:12". */
export function numberKey(collection: string, number: number): string {
  return `${collection}:${number}`;
}

const NUMBER_REF = /^(?:(erdos|erdős)(?:\s*problems?)?(?:\s*(?:no\.?|number))?(?:\s*[-#:_])?)?\s*(?:#\s*)?(\d{1,6})$/i;

/** "12", "#12", "Erdős 12", "erdos-12", "Erdos problem #12" → "erdos:12". */
export function parseNumberRef(ref: string): string | null {
  const match = NUMBER_REF.exec(foldText(ref));
  if (!match) return null;
  return numberKey("erdos", Number(match[2]));
}

/** Statement hashes are sha256 hex of the whitespace-normalised statement. */
export function statementHash(statement: string): string {
  const canonical = statement.normalize("NFC").replace(/\s+/g, " ").trim();
  return createHash("sha256").update(canonical).digest("hex");
}

export function parseStatementHashRef(ref: string): string | null {
  const match = /^(?:sha256:)?([0-9a-f]{64})$/i.exec(ref.trim());
  return match ? match[1]!.toLowerCase() : null;
}

export function parseAccessionRef(ref: string, prefix: "S" | "R"): number | null {
  const match = new RegExp(`^${prefix}0*(\\d{1,12})$`, "i").exec(ref.trim());
  return match ? Number(match[1]) : null;
}

/** Key stored for an identifier of the given kind. */
export function identifierKey(kind: IdentityKind, raw: string): string | null {
  switch (kind) {
    case "NUMBER":
      return parseNumberRef(raw) ?? (/^[a-z0-9-]+:\d+$/.test(raw) ? raw : null);
    case "URL":
      return urlKey(raw);
    case "ALIAS":
      return aliasKey(raw) || null;
    case "STATEMENT_HASH":
      return parseStatementHashRef(raw);
    case "STATEMENT_ACCESSION": {
      const accession = parseAccessionRef(raw, "S");
      return accession === null ? null : `s${accession}`;
    }
    default:
      return foldText(raw) || null;
  }
}

/** Every (kind, key) a free-form ref could mean; lookups probe all of them at once. */
export function probeKeys(ref: string): { kind: IdentityKind; key: string }[] {
  const probes: { kind: IdentityKind; key: string }[] = [];
  for (const kind of IDENTITY_PRECEDENCE) {
    const key = identifierKey(kind, ref);
    if (key !== null) probes.push({ kind, key });
  }
  return probes;
}

/**
 * The precedence rule of exact identity: the strongest identifier kind that matches anything decides,
 * and it names one problem (resolved) or several (ambiguous). Shared by every lookup path.
 */
export function pickByPrecedence<Row extends { kind: string; value: string; problemId: string }>(
  probes: { kind: IdentityKind; key: string }[],
  rows: readonly Row[],
): { kind: IdentityKind; rows: Row[] } | null {
  for (const kind of IDENTITY_PRECEDENCE) {
    const probe = probes.find((candidate) => candidate.kind === kind);
    if (!probe) continue;
    const hits = rows.filter((row) => row.kind === kind && row.value === probe.key);
    const byProblem = [...new Map(hits.map((row) => [row.problemId, row])).values()];
    if (byProblem.length > 0) return { kind, rows: byProblem };
  }
  return null;
}
