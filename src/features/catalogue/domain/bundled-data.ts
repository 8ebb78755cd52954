// The redistributable source files shipped in the repository (data/bundled/, written by
// `npm run bundle:data`): the Erdős problems database, the formal-conjectures statements and the
// Batteries premise corpus, each gzip-compressed byte for byte, with a manifest of their origin.
// The erdosproblems.com statements are never bundled (no licence covers them); see NOTICE.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { projectRoot } from "../../../env.js";

export const BUNDLED_DATA_DIR = path.join(projectRoot, "data", "bundled");
export const BUNDLED_MANIFEST_PATH = path.join(BUNDLED_DATA_DIR, "manifest.json");

export type BundledFileKey = "erdosProblems" | "formalConjectures" | "premiseCorpus";

export interface BundledFileEntry {
  /** File name under data/bundled/, e.g. "erdosproblems-problems.yaml.gz". */
  file: string;
  /** Upstream repository (owner/name) and commit the source was read at. */
  repository: string;
  commit: string;
  commitDate: string;
  /** Path in the upstream repository, and how the file was made from it. */
  upstreamPath: string;
  derivation: string;
  licence: string;
  /** Records in the file (YAML entries or JSONL lines). */
  records: number;
  /** Size and sha256 of the uncompressed source, and of the compressed file committed. */
  bytes: number;
  sha256: string;
  compressedBytes: number;
  compressedSha256: string;
}

export interface BundledManifest {
  description: string;
  files: Record<BundledFileKey, BundledFileEntry>;
}

export function readBundledManifest(manifestPath = BUNDLED_MANIFEST_PATH): BundledManifest {
  return JSON.parse(readFileSync(manifestPath, "utf8")) as BundledManifest;
}

export function bundledFilePath(key: BundledFileKey, manifest: BundledManifest = readBundledManifest()): string {
  return path.join(BUNDLED_DATA_DIR, manifest.files[key].file);
}

/** The uncompressed text of a bundled file, checked against the manifest's sha256. */
export function readBundledText(key: BundledFileKey, manifest: BundledManifest = readBundledManifest()): string {
  const entry = manifest.files[key];
  const bytes = gunzipSync(readFileSync(path.join(BUNDLED_DATA_DIR, entry.file)));
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (digest !== entry.sha256) {
    throw new Error(
      `bundled file ${entry.file} does not match its manifest (sha256 ${digest.slice(0, 12)}, expected ${entry.sha256.slice(0, 12)}); run npm run bundle:data`,
    );
  }
  return bytes.toString("utf8");
}

/** "teorth/erdosproblems@402130d" style labels for logs. */
export function bundledVersionLabel(key: BundledFileKey, manifest: BundledManifest = readBundledManifest()): string {
  const entry = manifest.files[key];
  return `${entry.repository}@${entry.commit.slice(0, 7)}`;
}
