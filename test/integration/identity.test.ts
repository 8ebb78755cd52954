import { describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { uniqueToken } from "../factories/unique-token.js";
import { gql, gqlData } from "../helpers/graphql.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const RESOLVE = `
  query Resolve($ref: String!) {
    problem(ref: $ref) {
      ref status matchedBy hint
      problem { stableId statementHash statementFamily { accession } }
      candidates { stableId }
    }
  }`;

interface Resolution {
  ref: string;
  status: "RESOLVED" | "AMBIGUOUS" | "NOT_FOUND";
  matchedBy: string | null;
  hint: string | null;
  problem: { stableId: string; statementHash: string | null; statementFamily: { accession: string } | null } | null;
  candidates: { stableId: string }[];
}

describe.each(testDatabaseTargets())("problem(ref) exact identity ($name database)", (target) => {
  const running = useTestService(target);
  const resolve = async (ref: string) =>
    (await gqlData<{ problem: Resolution }>(running.service.url, RESOLVE, { ref })).problem;

  it.each([
    ["1", "cp:erdos:1", "NUMBER"],
    ["#1", "cp:erdos:1", "NUMBER"],
    ["Erdős 1", "cp:erdos:1", "NUMBER"],
    ["erdos-1", "cp:erdos:1", "NUMBER"],
    ["Erdos problem 1", "cp:erdos:1", "NUMBER"],
    ["  Erdős Problem #20 ", "cp:erdos:20", "NUMBER"],
    ["cp:erdos:1", "cp:erdos:1", "STABLE_ID"],
    ["CP:Erdos:242", "cp:erdos:242", "STABLE_ID"],
    ["wikipedia-goldbach-conjecture", "cp:wikipedia:goldbachconjecture", "SLUG"],
    ["FormalConjectures/ErdosProblems/1.lean", "cp:erdos:1", "SOURCE_RECORD_ID"],
    ["Erdos1.erdos_1", "cp:erdos:1", "LEAN_DECLARATION"],
    ["Erdos1.IsSumDistinctSet", "cp:erdos:1", "LEAN_DECLARATION"],
    ["https://www.erdosproblems.com/1", "cp:erdos:1", "URL"],
    ["http://erdosproblems.com/1", "cp:erdos:1", "URL"],
    ["erdosproblems.com/1", "cp:erdos:1", "URL"],
    ["www.erdosproblems.com/1/", "cp:erdos:1", "URL"],
    ["https://oeis.org/A000040/", "cp:oeis:40", "URL"],
    ["sunflower conjecture", "cp:erdos:20", "ALIAS"],
    ["ERDOS DISCREPANCY PROBLEM", "cp:erdos:67", "ALIAS"],
    ["erdős–straus conjecture", "cp:erdos:242", "ALIAS"],
  ])("resolves %j to %s by %s", async (ref, stableId, matchedBy) => {
    const resolution = await resolve(ref);
    expect(resolution).toMatchObject({
      status: "RESOLVED",
      matchedBy,
      problem: { stableId },
      candidates: [],
      hint: null,
    });
  });

  it("resolves a problem's statement hash and its statement-family accession", async () => {
    const { problem } = await resolve("cp:erdos:52");
    expect(problem?.statementHash).toMatch(/^[0-9a-f]{64}$/);
    expect(problem?.statementFamily?.accession).toMatch(/^S\d+$/);
    expect(await resolve(problem!.statementHash!)).toMatchObject({
      matchedBy: "STATEMENT_HASH",
      problem: { stableId: "cp:erdos:52" },
    });
    expect(await resolve(`sha256:${problem!.statementHash!.toUpperCase()}`)).toMatchObject({
      matchedBy: "STATEMENT_HASH",
      problem: { stableId: "cp:erdos:52" },
    });
    const accession = problem!.statementFamily!.accession;
    expect(await resolve(accession)).toMatchObject({
      matchedBy: "STATEMENT_ACCESSION",
      problem: { stableId: "cp:erdos:52" },
    });
    expect(await resolve(accession.toLowerCase())).toMatchObject({
      matchedBy: "STATEMENT_ACCESSION",
      problem: { stableId: "cp:erdos:52" },
    });
  });

  it("resolves every identifier of an imported factory problem, folding case and diacritics of aliases", async () => {
    const token = uniqueToken();
    const built = buildCatalogueProblem({ aliases: [`Çonjecture Ünïque ${token}`] });
    await importCatalogue({ inlineViews, prisma: running.service.services.db.prisma, problems: [built] });
    const [source] = built.sources;
    const [declaration] = built.formalDeclarations;
    const expectations: [string, string][] = [
      [built.stableId, "STABLE_ID"],
      [built.slug, "SLUG"],
      [source!.recordId, "SOURCE_RECORD_ID"],
      [declaration!.declName, "LEAN_DECLARATION"],
      [source!.url!.replace("https://", "www."), "URL"],
      [`conjecture unique ${token.toUpperCase()}`, "ALIAS"],
      [built.title.toLowerCase(), "ALIAS"],
    ];
    for (const [ref, matchedBy] of expectations) {
      expect(await resolve(ref), ref).toMatchObject({
        status: "RESOLVED",
        matchedBy,
        problem: { stableId: built.stableId },
      });
    }
  });

  it("answers AMBIGUOUS with every candidate when an alias names two problems", async () => {
    const alias = `Shared Name ${uniqueToken()}`;
    const first = buildCatalogueProblem({ aliases: [alias] });
    const second = buildCatalogueProblem({ aliases: [alias.toUpperCase()] });
    await importCatalogue({ inlineViews, prisma: running.service.services.db.prisma, problems: [first, second] });
    const resolution = await resolve(alias.toLowerCase());
    expect(resolution).toMatchObject({ status: "AMBIGUOUS", matchedBy: "ALIAS", problem: null });
    expect(resolution.candidates.map((candidate) => candidate.stableId)).toEqual(
      [first.stableId, second.stableId].sort(),
    );
    expect(resolution.hint).toMatch(/candidates/);
  });

  it("answers NOT_FOUND with a hint towards discovery for free text", async () => {
    const resolution = await resolve("sets whose subset sums are all distinct");
    expect(resolution).toMatchObject({ status: "NOT_FOUND", matchedBy: null, problem: null, candidates: [] });
    expect(resolution.hint).toMatch(/discoverProblems/);
    expect(await resolve("99999")).toMatchObject({ status: "NOT_FOUND" });
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["3,000 characters", "x".repeat(3000)],
    ["a bell character", "cp:erdos:1\u0007"],
  ])("refuses a malformed ref (%s) with code INVALID_REF", async (_label, ref) => {
    const response = await gql(running.service.url, RESOLVE, { ref });
    expect(response.data).toBeNull();
    expect(response.errors).toHaveLength(1);
    expect(response.errors![0]!.extensions?.code).toBe("INVALID_REF");
    expect(response.errors![0]!.message).not.toMatch(/Unexpected error/);
  });

  // No text field can hold NUL: the operation-wide input check refuses it before any resolver runs.
  it("refuses a ref with a NUL character as BAD_USER_INPUT before resolving", async () => {
    const response = await gql(running.service.url, RESOLVE, { ref: "erdos\u0000 1" });
    expect(response.status).toBe(400);
    expect(response.errors?.map((error) => error.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
  });
});
