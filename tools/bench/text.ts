// The text analyser over real texts: a digest of analyzeText's output and tokenize's time per text. A change
// meant to be faster with the same output (a fast path, a guard) must leave the digest as it was: run this
// before and after it. The texts are read from ../shared/data (the site's statements, the real-words set,
// formal-conjectures' docstrings and statements) and never copied into the repository.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { analyzeText, tokenize } from "../../src/text/normalize.js";
import { percentile } from "../../src/platform/lib/percentile.js";
import { readCommandLine } from "../../src/cli/command-line.js";
import { checkpointFromCounts, EMPTY_COUNTS, type WindowMember } from "../../src/features/memory/domain/checkpoint.js";
import { CHECKPOINT_BODY_CHARS, CHECKPOINT_WINDOW } from "../../src/features/memory/domain/memory.constants.js";
import { MemberTextCache } from "../../src/features/memory/projection/member-text-cache.js";
import { syntheticContent } from "../seed/synthetic-text.js";
import { seededRandom } from "../../src/platform/lib/seeded-random.js";
import { recordTextShape, verdictsFor } from "../../src/features/research/domain/record-verdict.js";
import { researchDocumentContent } from "../../src/features/research/projection/research-documents.js";
import { tokenizeSentences } from "../../src/text/sentences.js";

const USAGE = [
  "usage: npm run bench:text",
  "  analyzeText's output digest and tokenize's time per text over the real texts of ../shared/data, then",
  "  checkpoints' output digest and time over sliding windows of those texts and of the write benches' records,",
  "  and a write's own text work (its near-duplicate key, trust verdicts and sparse document) over both;",
  "  takes no arguments",
].join("\n");
readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);

const DATA_DIRECTORY = fileURLToPath(new URL("../../../shared/data/", import.meta.url));
/** Where each text comes from: file, and the fields of each line that are texts. */
const SOURCES: readonly { file: string; fields: readonly string[] }[] = [
  { file: "erdosproblems-site/statements.jsonl", fields: ["statement"] },
  { file: "discovery-real/dev.jsonl", fields: ["text"] },
  { file: "formal-conjectures/statements.jsonl", fields: ["docstring", "statement"] },
];
const TIMED_PASSES = 8;
/** Checkpoints per member set: a window sliding one member at a time, as a refresh after each write sees it. */
const CHECKPOINT_WINDOWS = 600;

function readTexts(): string[] | null {
  const texts: string[] = [];
  for (const { file, fields } of SOURCES) {
    const path = `${DATA_DIRECTORY}${file}`;
    if (!existsSync(path)) return null;
    for (const line of readFileSync(path, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const record = JSON.parse(line) as Record<string, unknown>;
      for (const field of fields) if (typeof record[field] === "string" && record[field]) texts.push(record[field]);
    }
  }
  return texts;
}

/** Members as the memory projector reads them: a title, and the body cut at CHECKPOINT_BODY_CHARS. */
function realMembers(texts: readonly string[]): WindowMember[] {
  return texts.map((text, index) => ({
    id: `real-${index}`,
    title: text.slice(0, 80),
    body: text.slice(0, CHECKPOINT_BODY_CHARS),
  }));
}

function syntheticMembers(count: number): WindowMember[] {
  const random = seededRandom(1);
  return Array.from({ length: count }, (_, index) => {
    const { title, body } = syntheticContent(random, index);
    return { id: `synthetic-${index}`, title, body };
  });
}

const median = (values: number[]) =>
  percentile(
    values.sort((a, b) => a - b),
    0.5,
  );

/**
 * Checkpoints of CHECKPOINT_WINDOWS windows sliding over `members` through one MemberTextCache, as the projector
 * computes them (a member is analysed when it enters the window): their digest, the time per checkpoint with the
 * entering member's analysis; the same with that analysis handed over by the write, as the service's writes do
 * (made before the timing: the write's sparse document needs it anyway), and its digest, which must be the same;
 * and the time of the same checkpoints again with every member analysed already.
 */
function benchCheckpoints(label: string, members: readonly WindowMember[]): void {
  const windows = Math.min(CHECKPOINT_WINDOWS, members.length - CHECKPOINT_WINDOW + 1);
  const slices = Array.from({ length: windows }, (_, start) => members.slice(start, start + CHECKPOINT_WINDOW));
  const digest = createHash("sha256");
  const handedDigest = createHash("sha256");
  const written = members.map((member) => tokenizeSentences(member.title, member.body));
  const sliding: number[] = [];
  const handed: number[] = [];
  const analysed: number[] = [];
  for (let pass = 0; pass < TIMED_PASSES; pass += 1) {
    const cache = new MemberTextCache();
    let started = performance.now();
    for (const window of slices) {
      const content = checkpointFromCounts(EMPTY_COUNTS, window, cache.analyseWindow);
      if (pass === 0) digest.update(JSON.stringify(content));
    }
    sliding.push(((performance.now() - started) * 1000) / windows);
    started = performance.now();
    for (const window of slices) checkpointFromCounts(EMPTY_COUNTS, window, cache.analyseWindow);
    analysed.push(((performance.now() - started) * 1000) / windows);

    const fed = new MemberTextCache();
    started = performance.now();
    slices.forEach((window, start) => {
      // The members entering this window (all of the first one), handed over and remembered as a refresh does.
      for (let index = start === 0 ? 0 : CHECKPOINT_WINDOW - 1; index < CHECKPOINT_WINDOW; index += 1) {
        const member = window[index]!;
        fed.offer(member.id, member, written[start + index]!);
        fed.remember(member.id, member);
      }
      const content = checkpointFromCounts(EMPTY_COUNTS, window, fed.analyseWindow);
      if (pass === 0) handedDigest.update(JSON.stringify(content));
    });
    handed.push(((performance.now() - started) * 1000) / windows);
  }
  console.log(
    `checkpoints, ${label}: ${windows} windows of ${CHECKPOINT_WINDOW}; output digest ${digest.digest("hex").slice(0, 16)}; ` +
      `${median(sliding).toFixed(1)} µs per checkpoint with its entering member's analysis, ` +
      `${median(handed).toFixed(1)} µs with that analysis handed over by the write (digest ${handedDigest.digest("hex").slice(0, 16)}), ` +
      `${median(analysed).toFixed(1)} µs with every member analysed (medians of ${TIMED_PASSES} passes)`,
  );
}

/** The digest of `output` over `items`, and the time per item of `timed` over them (µs, one figure per pass). */
function digestAndTime<Item>(
  items: readonly Item[],
  output: (item: Item) => unknown,
  timed: (item: Item) => unknown,
): { digest: string; perItem: number[] } {
  const digest = createHash("sha256");
  for (const item of items) digest.update(JSON.stringify(output(item)));
  const perItem: number[] = [];
  for (let pass = 0; pass < TIMED_PASSES; pass += 1) {
    const started = performance.now();
    for (const item of items) timed(item);
    perItem.push(((performance.now() - started) * 1000) / items.length);
  }
  return { digest: digest.digest("hex").slice(0, 16), perItem };
}

const timing = (perItem: number[], unit: string) =>
  `${median(perItem).toFixed(1)} µs per ${unit} (median of ${TIMED_PASSES} passes; fastest ${Math.min(...perItem).toFixed(1)})`;

/**
 * The text work recordResearch does before its statement: the record's texts folded for its near-duplicate
 * key and the trust classifier (both verdicts), and its sparse document. Its digest and time per record.
 */
function benchWriteText(label: string, members: readonly WindowMember[]): void {
  const write = ({ title, body }: WindowMember) => {
    const shaped = recordTextShape({ title, body, artifact: null, formal: null });
    return {
      shape: shaped.shape,
      verdicts: verdictsFor(shaped),
      document: researchDocumentContent({ title, body, branchName: null, artifact: null, formal: null }),
    };
  };
  const { digest, perItem } = digestAndTime(members, write, write);
  console.log(
    `a write's text work, ${label}: ${members.length} records; output digest ${digest}; ${timing(perItem, "record")}`,
  );
}

function main(): void {
  const synthetic = syntheticMembers(CHECKPOINT_WINDOWS + CHECKPOINT_WINDOW);
  benchCheckpoints("the write benches' records", synthetic);
  benchWriteText("the write benches' records", synthetic);
  const texts = readTexts();
  if (!texts) {
    console.log(
      `skipped: the real texts were not found under ${DATA_DIRECTORY} (${SOURCES.map((s) => s.file).join(", ")})`,
    );
    return;
  }
  const { digest, perItem } = digestAndTime(texts, analyzeText, tokenize);
  console.log(`${texts.length} texts; analyzeText output digest ${digest}`);
  console.log(`tokenize: ${timing(perItem, "text")}`);
  benchCheckpoints("real texts", realMembers(texts));
  benchWriteText(
    "real texts",
    texts.map((text, index) => ({ id: `real-${index}`, title: text.slice(0, 80), body: text })),
  );
}

main();
