// discoverProblems over HTTP on the fixture catalogue, on both databases: a problem called by its name is
// answered, a request for several problems abstains with the family to browse, and a contrasted clause
// is reported as set aside and counts for nothing.
import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";

interface Discovery {
  outcome: string;
  abstentionReason: string | null;
  setAside: string[];
  candidates: { problem: { stableId: string } }[];
}

const DISCOVER = `query($text: String!) { discoverProblems(text: $text) {
  ... on ProblemDiscovery { outcome abstentionReason setAside candidates { problem { stableId } } } } }`;

describe.each(testDatabaseTargets())("discoverProblems ($name database)", (target) => {
  const running = useTestService(target);
  const discover = async (text: string) => (await gqlData<{ discoverProblems: Discovery }>(running.service.url, DISCOVER, { text })).discoverProblems;

  it("answers a problem called by its name", async () => {
    const result = await discover("the Erdős discrepancy problem");
    expect([result.outcome, result.candidates[0]?.problem.stableId]).toEqual(["MATCH", "cp:erdos:67"]);
    expect(result.setAside).toEqual([]);
  });

  it("abstains on a request for several problems, listing the family", async () => {
    const result = await discover("which open questions are there about distances between points in the plane?");
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
    expect(result.candidates.map((candidate) => candidate.problem.stableId)).toEqual(expect.arrayContaining(["cp:erdos:89", "cp:erdos:90"]));
  });

  it("reports a contrasted clause as set aside", async () => {
    const result = await discover("n points in the plane with many pairs at distance exactly one, not the distinct distances question");
    expect(result.candidates[0]?.problem.stableId).toBe("cp:erdos:90");
    expect(result.setAside).toEqual(["distinct distances question"]);
  });
});
