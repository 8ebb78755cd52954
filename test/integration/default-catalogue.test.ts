// The default configuration (CATALOGUE unset) on an empty database: the service loads the bundled full
// catalogue and the Batteries premise corpus from data/bundled/, and serves them. One database target only
// (the PostgreSQL server when TEST_DATABASE_URL is set, else the embedded one): the full import takes a while.
import { describe, expect, it } from "vitest";
import { memoryLogger, startTestService, testDatabaseTargets } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";

const target = testDatabaseTargets().at(-1)!;
const { logger, lines } = memoryLogger();

describe(`default start on an empty database (${target.name})`, () => {
  // Started inside the test, not in a hook, so the test's own timeout covers the first import.
  it("serves the bundled catalogue and the bundled premise corpus", async () => {
    // CATALOGUE: "" clears the helper's demo default, so the service sees what a fresh clone's `npm start` sees.
    const service = await startTestService(target, { CATALOGUE: "", LOG_LEVEL: "info" }, { logger });
    try {
      await checkService(service.url);
    } finally {
      await service.stop();
    }
  }, 300_000);
});

async function checkService(url: string): Promise<void> {
  const data = await gqlData<{ all: { totalCount: number }; erdos: { totalCount: number } }>(
    url,
    `{ all: problems(first: 1) { totalCount } erdos: problems(first: 1, filter: { collection: "erdos" }) { totalCount } }`,
  );
  expect(data.all.totalCount).toBeGreaterThanOrEqual(1700);
  expect(data.erdos.totalCount).toBe(1217);
  const search = await gqlData<{ premiseSearch: { __typename: string; premises?: { premiseId: string }[] } }>(
    url,
    `query($input: PremiseSearchInput!) { premiseSearch(input: $input) { __typename ... on PremiseSearchResult { premises { premiseId } } } }`,
    { input: { text: "theorem Perm.length_eq {l₁ l₂ : List α} (p : l₁ ~ l₂) : l₁.length = l₂.length", topK: 5 } },
  );
  expect(search.premiseSearch.__typename).toBe("PremiseSearchResult");
  expect(search.premiseSearch.premises?.length).toBe(5);
  expect(search.premiseSearch.premises?.some((premise) => premise.premiseId.startsWith("List."))).toBe(true);
  const loaded = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(loaded.find((line) => line.message === "loaded the catalogue")).toMatchObject({
    catalogue: "bundled",
    problems: 1777,
    published: 1170,
  });
  expect(loaded.find((line) => line.message === "stored the premise index")).toMatchObject({ premises: 3138 });
}
