// discoverProblems over HTTP on the fixture catalogue, on both databases: exact identifiers in the text
// resolve first, a problem called by its name is answered, a request for several problems abstains with the
// family to browse, and a contrasted clause is reported as set aside and counts for nothing.
import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { gqlData } from "../helpers/graphql.js";

interface Discovery {
  outcome: string;
  abstentionReason: string | null;
  matchedBy: string | null;
  setAside: string[];
  decision: { rule: string; explanation: string };
  lane: { lane: string };
  candidates: { problem: { stableId: string }; confidence: number; reasons: string[] }[];
  duplicateWarnings: { problem: { stableId: string } }[];
}

const DISCOVER = `query($text: String!) { discoverProblems(text: $text) {
  ... on ProblemDiscovery { outcome abstentionReason matchedBy setAside decision { rule explanation } lane { lane }
    candidates { problem { stableId } confidence reasons } duplicateWarnings { problem { stableId } } } } }`;

describe.each(testDatabaseTargets())("discoverProblems ($name database)", (target) => {
  const running = useTestService(target);
  const discover = async (text: string) =>
    (await gqlData<{ discoverProblems: Discovery }>(running.service.url, DISCOVER, { text })).discoverProblems;

  it("answers a problem called by its name", async () => {
    const result = await discover("the Erdős discrepancy problem");
    expect([result.outcome, result.candidates[0]?.problem.stableId, result.decision.rule]).toEqual([
      "MATCH",
      "cp:erdos:67",
      "CALLED_BY_NAME",
    ]);
    expect(result.setAside).toEqual([]);
  });

  it("abstains on a request for several problems, listing the family", async () => {
    const result = await discover("which open questions are there about distances between points in the plane?");
    expect([result.outcome, result.abstentionReason, result.decision.rule]).toEqual([
      "ABSTAINED",
      "UNDERSPECIFIED_QUERY",
      "REQUEST_FOR_SEVERAL",
    ]);
    expect(result.candidates.map((candidate) => candidate.problem.stableId)).toEqual(
      expect.arrayContaining(["cp:erdos:89", "cp:erdos:90"]),
    );
  });

  it("reports a contrasted clause as set aside", async () => {
    const result = await discover(
      "n points in the plane with many pairs at distance exactly one, not the distinct distances question",
    );
    expect(result.candidates[0]?.problem.stableId).toBe("cp:erdos:90");
    expect(result.setAside).toEqual(["distinct distances question"]);
  });

  it.each([
    ["What is the status of Erdős problem #90?", "NUMBER"],
    ["erdos-90", "NUMBER"],
    ["https://www.erdosproblems.com/90", "URL"],
    ["Erdos90.unitDistanceCounts, the unit distance count", "LEAN_DECLARATION"],
  ])("resolves the exact identifier in %j before free text", async (text, kind) => {
    const result = await discover(text);
    expect([result.outcome, result.matchedBy, result.lane.lane, result.candidates[0]?.problem.stableId]).toEqual([
      "MATCH",
      kind,
      "identity",
      "cp:erdos:90",
    ]);
    expect(result.candidates[0]?.confidence).toBe(1);
    expect(result.candidates[0]?.reasons[0]).toContain("exact identifier");
    expect(result.decision.rule).toBe("EXACT_IDENTIFIER");
  });

  it("explains a weak match on a problem the catalogue does not hold", async () => {
    const result = await discover(
      "Barnette's conjecture: every 3-connected cubic bipartite planar graph is Hamiltonian",
    );
    expect([result.outcome, result.abstentionReason, result.decision.rule]).toEqual([
      "ABSTAINED",
      "WEAK_MATCH",
      "UNKNOWN_NAME",
    ]);
    expect(result.decision.explanation).toContain('"Barnette\'s conjecture"');
    expect(result.candidates[0]?.confidence).toBeLessThan(0.3);
  });

  it("answers AMBIGUOUS when identifiers name several problems, and an OEIS number through its alias", async () => {
    const both = await discover("Erdős 89 or Erdős 90?");
    expect([both.outcome, both.matchedBy]).toEqual(["AMBIGUOUS", "NUMBER"]);
    expect(both.candidates.slice(0, 2).map((candidate) => candidate.problem.stableId)).toEqual([
      "cp:erdos:89",
      "cp:erdos:90",
    ]);
    const listed = await discover("Compare Erdős problems 89 and 90 for me");
    expect([listed.outcome, listed.matchedBy]).toEqual(["AMBIGUOUS", "NUMBER"]);
    expect(listed.candidates.slice(0, 2).map((candidate) => candidate.problem.stableId)).toEqual([
      "cp:erdos:89",
      "cp:erdos:90",
    ]);
    const oeis = await discover("the A000040 conjecture");
    expect([oeis.outcome, oeis.candidates[0]?.problem.stableId]).toEqual(["MATCH", "cp:oeis:40"]);
  });

  it("reads an identifier that the matched statement itself quotes as a cross-reference, not as the subject", async () => {
    const agent = (await createOperatorWithToken(running.service.services.db.prisma, "AGENT")).token;
    const submitted = await gqlData<{ submitProblem: { problem: { stableId: string } } }>(
      running.service.url,
      `mutation($input: SubmitProblemInput!) { submitProblem(input: $input) { ... on SubmitProblemPayload { problem { stableId } } } }`,
      {
        input: {
          title: "Tribonacci residues at primes",
          idempotencyKey: "quoting-A000040",
          confirmedDistinctFrom: ["cp:oeis:40"],
          statement:
            "If a prime p is in A000040, is the Tribonacci number T(p^2) congruent to 1 modulo p^3 only for finitely many p?",
        },
      },
      agent,
    );
    await running.service.services.discovery.refresh();
    const quoting = await discover(
      "p ∈ A000040: is T(p^2) ≡ 1 (mod p^3), T the Tribonacci numbers, for finitely many primes p only?",
    );
    expect([quoting.outcome, quoting.matchedBy, quoting.candidates[0]?.problem.stableId]).toEqual([
      "MATCH",
      null,
      submitted.submitProblem.problem.stableId,
    ]);
    expect(quoting.candidates[0]?.reasons.at(-1)).toMatch(/quotes "A000040" \(The prime numbers\): a cross-reference/);
    const naming = await discover("A000040: is log log a(n+1) - log log a(n) < 1/n?");
    expect([naming.outcome, naming.matchedBy, naming.candidates[0]?.problem.stableId]).toEqual([
      "MATCH",
      "ALIAS",
      "cp:oeis:40",
    ]);
  });

  it("never makes a problem that is not published a candidate, and ignores an identifier set aside", async () => {
    const catalogued = await discover("Erdős problem 2");
    expect(catalogued.matchedBy).toBeNull();
    expect(catalogued.candidates.map((candidate) => candidate.problem.stableId)).not.toContain("cp:erdos:2");
    expect(catalogued.duplicateWarnings.map((warning) => warning.problem.stableId)).toContain("cp:erdos:2");
    const contrasted = await discover("pairs at distance exactly one among n points in the plane, not Erdős 89");
    expect([contrasted.matchedBy, contrasted.lane.lane, contrasted.candidates[0]?.problem.stableId]).toEqual([
      null,
      "discovery",
      "cp:erdos:90",
    ]);
    expect(contrasted.setAside).toEqual(["Erdős 89"]);
  });
});
