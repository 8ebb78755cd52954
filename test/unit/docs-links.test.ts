// Every relative link of the README and docs/ leads somewhere: the file exists and, for a Markdown file,
// so does the heading its anchor names. Pages move between docs/ and docs/changelog/ as figures become
// history, and a link written for the old place breaks silently.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/env.js";

/** The anchor GitHub gives a heading: lower case, punctuation dropped except hyphens, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N}\- ]/gu, "")
    .replace(/ /g, "-");
}

function markdownFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

const anchorsOf = (file: string) =>
  new Set([...readFileSync(file, "utf8").matchAll(/^#+ (.*)$/gm)].map((match) => headingAnchor(match[1]!)));

/** Relative links of `file` whose file or heading is missing, as `link (why)`. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, link] of readFileSync(file, "utf8").matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(link!)) continue;
    const [target, anchor] = link!.split("#");
    const resolved = target ? path.resolve(path.dirname(file), target) : file;
    if (!existsSync(resolved)) broken.push(`${link} (no such file)`);
    else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor))
      broken.push(`${link} (no such heading)`);
  }
  return broken;
}

describe("links in the README and docs/", () => {
  it("gives headings GitHub's anchors", () => {
    expect(headingAnchor("`problem(ref)` next to a bare Apollo Server (issue 29)")).toBe(
      "problemref-next-to-a-bare-apollo-server-issue-29",
    );
    expect(headingAnchor("Research writes, issue 29 rounds two to eight")).toBe(
      "research-writes-issue-29-rounds-two-to-eight",
    );
  });

  it("lead to files and headings that exist", () => {
    const files = [path.join(projectRoot, "README.md"), ...markdownFiles(path.join(projectRoot, "docs"))];
    const broken = files.flatMap((file) =>
      brokenLinks(file).map((link) => `${path.relative(projectRoot, file)}: ${link}`),
    );
    expect(broken).toEqual([]);
  });
});
