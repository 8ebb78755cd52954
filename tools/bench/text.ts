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

const USAGE = [
  "usage: npm run bench:text",
  "  analyzeText's output digest and tokenize's time per text over the real texts of ../shared/data; takes no arguments",
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

function main(): void {
  const texts = readTexts();
  if (!texts) {
    console.log(
      `skipped: the real texts were not found under ${DATA_DIRECTORY} (${SOURCES.map((s) => s.file).join(", ")})`,
    );
    return;
  }
  const digest = createHash("sha256");
  for (const text of texts) digest.update(JSON.stringify(analyzeText(text)));
  console.log(`${texts.length} texts; analyzeText output digest ${digest.digest("hex").slice(0, 16)}`);
  const perText: number[] = [];
  for (let pass = 0; pass < TIMED_PASSES; pass += 1) {
    const started = performance.now();
    for (const text of texts) tokenize(text);
    perText.push(((performance.now() - started) * 1000) / texts.length);
  }
  console.log(
    `tokenize: ${percentile(
      perText.sort((a, b) => a - b),
      0.5,
    ).toFixed(1)} µs per text (median of ${TIMED_PASSES} passes; fastest ${Math.min(...perText).toFixed(1)})`,
  );
}

main();
