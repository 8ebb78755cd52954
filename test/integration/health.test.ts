import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";

describe.each(testDatabaseTargets())("GET /health ($name database)", (target) => {
  const running = useTestService(target);

  it("answers 200 with status ok once the database is migrated", async () => {
    const response = await fetch(`${running.service.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: target.name,
      migrations: "applied",
      headSequence: expect.stringMatching(/^\d+$/),
    });
  });
});
