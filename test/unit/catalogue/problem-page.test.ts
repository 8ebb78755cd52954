// Reading erdosproblems.com problem pages (hand-written fixtures modelled on the site's fields):
// what the parser extracts, and that it tolerates markup it was not written for.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseErdosSite } from "../../../src/features/catalogue/domain/parse-erdos-site.js";
import { parseProblemPage } from "../../../src/features/catalogue/site-fetch/parse-problem-page.js";
import { htmlToText } from "../../../src/features/catalogue/site-fetch/html-text.js";
import { erdosSiteFixturesDir } from "./catalogue-test-paths.js";

const capturedAt = new Date("2026-12-01T00:00:00Z");
const page = (number: number) => readFileSync(path.join(erdosSiteFixturesDir, "pages", `${number}.html`), "utf8");
const parse = (html: string, number = 1) => parseProblemPage(html, number, `http://127.0.0.1/${number}`, capturedAt);

describe("parsing a problem page", () => {
  it("reads the statement with its LaTeX as written, the remarks without the reference list, and the page's metadata", () => {
    const row = parse(page(20), 20)!;
    expect(row.statement).toBe(
      "Let $f(n,k)$ be the least number such that every family of $f(n,k)$ sets, each of size $n$, contains a sunflower with $k$ petals. " +
        "Is it true that\n\\[f(n,k) < c_k^n\\]\nfor some constant $c_k>0$ depending only on $k$?",
    );
    expect(row.comments).toBe(
      "Called the sunflower conjecture. The bound improved greatly through spread families and an encoding argument [ALWZ20].\n\n" +
        "The values for small $k$ are A332077 in the OEIS. See also [857].",
    );
    expect(row).toMatchObject({
      number: "20",
      references: ["ALWZ20"],
      tags: ["combinatorics"],
      prize: "$1000",
      site_status: "OPEN",
      site_status_description: "This is open, and cannot be resolved with a finite computation.",
      site_last_edited: "1 March 2026",
      site_formalised: "yes",
      oeis: ["A332077"],
      captured_at: "2026-12-01T00:00:00.000Z",
    });
  });

  it("reads a Lean-verified status, quoted and unquoted tag links, <br> paragraphs and a nested statement element", () => {
    expect(parse(page(2), 2)).toMatchObject({
      site_status: "DISPROVED (LEAN)",
      tags: ["number theory", "covering systems"],
      references: ["Ho15", "BBMST22"],
      comments:
        "Answered in the negative by [Ho15]: every covering system has a modulus below a fixed bound.\n\nThe tightest bound known is recorded in [BBMST22].",
    });
    expect(parse(page(21), 21)).toMatchObject({
      statement:
        "Is there an intersecting family of $k$-sets, of size $O(k)$, meeting every other intersecting family & no smaller one?",
      comments: null,
      prize: null,
      site_last_edited: null,
      site_formalised: null,
    });
  });

  it("gives a row the site-statements importer accepts", () => {
    const text = [20, 2, 21].map((number) => JSON.stringify(parse(page(number), number))).join("\n");
    expect(parseErdosSite(text, "fetched.jsonl").map((record) => record.number)).toEqual([20, 2, 21]);
  });

  it("returns null for a page without a statement (an error page, a listing)", () => {
    expect(parse("<html><body><h1>Not found</h1></body></html>")).toBeNull();
    expect(parse('<div id="content">   </div>')).toBeNull();
  });

  it('keeps maths printed raw ("$a<b$") as text instead of reading a tag into it', () => {
    expect(parse('<div class="problem-text">Is $a<b$ and $b>c$ for all such $a<b c$?</div>')?.statement).toBe(
      "Is $a<b$ and $b>c$ for all such $a<b c$?",
    );
    expect(htmlToText("x&lt;y &amp;&#32;&#x3b1; &bogus; <script>var a = 1;</script>done")).toBe("x<y & α &bogus; done");
  });
});
