// The submission content rules: each refusal names its rule, and no real catalogue statement (the
// fixture catalogue and every formal-conjectures docstring) is refused.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { statementRefusal } from "../../../src/features/intake/domain/statement-content.js";
import { repoRoot, statementsPath } from "../catalogue/catalogue-test-paths.js";

describe("statementRefusal", () => {
  it.each([
    ["x", "TOO_SHORT"],
    ["  a  b  ", "TOO_SHORT"],
    ["Is it true?", "NO_MATHEMATICAL_CONTENT"],
    ["Hello there, how are you today?", "NO_MATHEMATICAL_CONTENT"],
    ["1".repeat(20_000), "REPEATED_RUN"],
    ["Is it true that " + "!".repeat(40) + " holds?", "REPEATED_RUN"],
    [Array.from({ length: 20_000 }, (_, index) => String((index * 7) % 10)).join(""), "DIGIT_RUN"],
    ["Prove n < " + "31415926535".repeat(10), "DIGIT_RUN"],
    ["+-*/".repeat(80).split("").join(" "), "NO_WORDS"],
  ])("refuses %j by %s", (statement, rule) => {
    expect(statementRefusal(statement)?.rule).toBe(rule);
  });

  it.each([
    "a(1) = 15.",
    "Is $e \\pi$ irrational?",
    "Are there infinitely many primes p such that p + 2 is prime?",
    "Is there a perfect Euler brick?",
    "`5^6 = 15625 = 1 + 2^3 * 3^2 * (1 + 2^3 * 3^3)`!",
  ])("accepts %j", (statement) => {
    expect(statementRefusal(statement)).toBeNull();
  });

  it("accepts every statement of the fixture catalogue", () => {
    const catalogue = JSON.parse(readFileSync(path.join(repoRoot, "fixtures/catalogue/problems.json"), "utf8")) as {
      statement: string | null;
    }[];
    const statements = catalogue.flatMap((problem) => (problem.statement ? [problem.statement] : []));
    expect(statements.length).toBeGreaterThan(10);
    expect(statements.filter((statement) => statementRefusal(statement) !== null)).toEqual([]);
  });

  it.skipIf(!existsSync(statementsPath))("accepts every formal-conjectures docstring", () => {
    const docstrings = readFileSync(statementsPath, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { docstring: string | null }).docstring)
      .filter((docstring): docstring is string => typeof docstring === "string" && docstring.trim() !== "");
    expect(docstrings.length).toBeGreaterThan(5_000);
    expect(docstrings.filter((docstring) => statementRefusal(docstring) !== null)).toEqual([]);
  });
});
