// `npm run bundle:data [-- --source ../shared/data] [--check]`: writes data/bundled/ from the shared
// data snapshot: each redistributable source gzip-compressed byte for byte (level 9, no file name,
// mtime 0, so the output is the same on every run), plus manifest.json (origin, licence, counts,
// sha256 of source and compressed file). Every file is parsed with the service's own readers first.
// --check rebuilds in memory and fails if the committed files differ.
// Never bundled: erdosproblems-site/ (no licence) and discovery-real/ (evaluation only).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { readCommandLine } from "../src/cli/command-line.js";
import { projectRoot } from "../src/env.js";
import {
  BUNDLED_DATA_DIR,
  BUNDLED_MANIFEST_PATH,
  type BundledFileEntry,
  type BundledFileKey,
  type BundledManifest,
} from "../src/features/catalogue/domain/bundled-data.js";
import { parseErdosYaml } from "../src/features/catalogue/domain/parse-erdos-yaml.js";
import { parseFormalConjectures } from "../src/features/catalogue/domain/parse-formal-conjectures.js";
import { loadPremiseIndex } from "../src/features/premises/domain/premise-index.js";

/** A manifest entry's provenance fields, plus where the source is read and how its records are counted. */
interface SourceSpec extends Pick<
  BundledFileEntry,
  "file" | "repository" | "commit" | "commitDate" | "upstreamPath" | "derivation" | "licence"
> {
  key: BundledFileKey;
  /** Path under the shared data directory. */
  source: string;
  count(text: string, fileName: string): number;
}

// Commits and licences as recorded in shared/data/SOURCES.md and each folder's README.md.
const SOURCES: SourceSpec[] = [
  {
    key: "erdosProblems",
    source: "erdosproblems/problems.yaml",
    file: "erdosproblems-problems.yaml.gz",
    repository: "teorth/erdosproblems",
    commit: "402130d5c3180f67976827cf1c7fac1edc9ad751",
    commitDate: "2026-08-08",
    upstreamPath: "data/problems.yaml",
    derivation: "verbatim copy",
    licence: "Apache-2.0",
    count: (text, fileName) => parseErdosYaml(text, fileName).length,
  },
  {
    key: "formalConjectures",
    source: "formal-conjectures/statements.jsonl",
    file: "formal-conjectures-statements.jsonl.gz",
    repository: "google-deepmind/formal-conjectures",
    commit: "488aade228ec37880b8fec178c173c07d279bb53",
    commitDate: "2026-08-22",
    upstreamPath: "FormalConjectures/**/*.lean, FormalConjecturesForMathlib/**/*.lean",
    derivation: "declaration signatures and docstrings extracted by tools/extract_formal_conjectures.py (no proofs)",
    licence:
      "Apache-2.0 (software), CC-BY-4.0 (other material); third-party text keeps its own licence (Wikipedia, MathOverflow, OEIS: CC-BY-SA-4.0; arXiv: per paper, see each record's source_urls)",
    count: (text, fileName) => parseFormalConjectures(text, fileName).length,
  },
  {
    key: "premiseCorpus",
    source: "premises/corpus.jsonl",
    file: "premises-batteries-corpus.jsonl.gz",
    repository: "leanprover-community/batteries",
    commit: "45f65c8b8292f98a70a0eccb706f89bb3e69feab",
    commitDate: "2026-08-08",
    upstreamPath: "Batteries/**/*.lean",
    derivation:
      "one premise per named declaration, extracted by tools/build_premises.py (signatures and docstrings, no proofs)",
    licence: "Apache-2.0",
    count: (text, fileName) => loadPremiseIndex(text, fileName).premises.length,
  },
];

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

const USAGE = [
  "usage: npm run bundle:data [-- --source DIR] [--check]",
  "  --source DIR  the shared data snapshot to bundle (default ../shared/data)",
  "  --check       rebuild in memory and exit 1 if the committed data/bundled/ files differ",
].join("\n");

function main(): number {
  const { values } = readCommandLine(
    { args: process.argv.slice(2), options: { source: { type: "string" }, check: { type: "boolean" } }, strict: true },
    USAGE,
  );
  const sourceDir = path.resolve(projectRoot, values.source ?? "../shared/data");
  const outputs = new Map<string, Buffer>();
  const files = {} as Record<BundledFileKey, BundledFileEntry>;
  for (const spec of SOURCES) {
    const sourcePath = path.join(sourceDir, spec.source);
    if (!existsSync(sourcePath)) throw new Error(`source not found: ${sourcePath}`);
    const bytes = readFileSync(sourcePath);
    const records = spec.count(bytes.toString("utf8"), spec.source);
    // Node's gzip header has mtime 0 and no file name: the bytes depend only on the input and zlib.
    const compressed = gzipSync(bytes, { level: 9 });
    outputs.set(spec.file, compressed);
    files[spec.key] = {
      file: spec.file,
      repository: spec.repository,
      commit: spec.commit,
      commitDate: spec.commitDate,
      upstreamPath: spec.upstreamPath,
      derivation: spec.derivation,
      licence: spec.licence,
      records,
      bytes: bytes.length,
      sha256: sha256(bytes),
      compressedBytes: compressed.length,
      compressedSha256: sha256(compressed),
    };
    console.log(`${spec.file}: ${records} records, ${bytes.length} bytes -> ${compressed.length} bytes gzip`);
  }
  const licencePath = path.join(sourceDir, "erdosproblems/LICENSE");
  outputs.set("LICENSE-Apache-2.0.txt", readFileSync(licencePath));
  const manifest: BundledManifest = {
    description:
      "Redistributable catalogue and premise sources, gzip-compressed byte for byte from the shared data snapshot by `npm run bundle:data`. Attribution and licences: NOTICE. The erdosproblems.com statements are not included.",
    files,
  };
  outputs.set(path.basename(BUNDLED_MANIFEST_PATH), Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  if (values.check) {
    const stale = [...outputs].filter(([name, bytes]) => {
      const committed = path.join(BUNDLED_DATA_DIR, name);
      return !existsSync(committed) || !readFileSync(committed).equals(bytes);
    });
    for (const [name] of stale) console.error(`differs from the sources: data/bundled/${name}`);
    return stale.length === 0 ? 0 : 1;
  }
  mkdirSync(BUNDLED_DATA_DIR, { recursive: true });
  for (const [name, bytes] of outputs) writeFileSync(path.join(BUNDLED_DATA_DIR, name), bytes);
  const total = [...outputs.values()].reduce((sum, bytes) => sum + bytes.length, 0);
  console.log(`wrote ${outputs.size} files to ${path.relative(projectRoot, BUNDLED_DATA_DIR)}/ (${total} bytes)`);
  return 0;
}

process.exitCode = main();
