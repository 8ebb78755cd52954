// premiseSearch over HTTP on the bundled fixture index, on both databases: a Lean signature is answered with
// ranked premises, and input a search must not take (too long, an unknown strategy) is a typed refusal.
import { describe, expect, it } from "vitest";
import { MAX_QUERY_TEXT_CHARS } from "../../src/features/premises/domain/premises.constants.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";

interface Outcome {
  __typename: string;
  code?: string;
  strategy?: string;
  premises?: { rank: number; premiseId: string }[];
}

const SEARCH = `query($input: PremiseSearchInput!) { premiseSearch(input: $input) {
  __typename
  ... on ResearchPremiseRequestError { code }
  ... on PremiseSearchResult { strategy premises { rank premiseId } } } }`;

describe.each(testDatabaseTargets())("premiseSearch ($name database)", (target) => {
  const running = useTestService(target);
  const search = async (input: Record<string, unknown>) =>
    (await gqlData<{ premiseSearch: Outcome }>(running.service.url, SEARCH, { input })).premiseSearch;

  it("ranks premises for a Lean signature", async () => {
    const result = await search({
      text: "theorem length_append (as bs : List α) : (as ++ bs).length = as.length + bs.length",
      topK: 3,
    });
    expect(result.__typename).toBe("PremiseSearchResult");
    expect(result.premises?.map((premise) => premise.rank)).toEqual([1, 2, 3]);
  });

  it("refuses a text over the limit with a typed error", async () => {
    const result = await search({ text: "List.length ".repeat(Math.ceil(MAX_QUERY_TEXT_CHARS / 12) + 1) });
    expect([result.__typename, result.code]).toEqual(["ResearchPremiseRequestError", "QUERY_TOO_LONG"]);
  });

  it("answers a dotted run as long as the limit allows", async () => {
    // Every dotted suffix of it used to be a symbol: quadratic time and memory in its length.
    const result = await search({ text: `${"a.".repeat(MAX_QUERY_TEXT_CHARS / 2 - 1)}b` });
    expect(result.__typename).toBe("PremiseSearchResult");
  });

  it("refuses an unknown strategy with a typed error", async () => {
    const result = await search({ text: "List.length", strategy: "oracle" });
    expect([result.__typename, result.code]).toEqual(["ResearchPremiseRequestError", "UNKNOWN_STRATEGY_ID"]);
  });
});
