import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, testDatabaseTargets, type TestService } from "../helpers/databases.js";

describe.each(testDatabaseTargets())("GET /health ($name database)", (target) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(target);
  });

  afterAll(async () => {
    await service?.stop();
  });

  it("answers 200 with status ok once the database is migrated", async () => {
    const response = await fetch(`${service.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: target.name,
      migrations: "applied",
      headSequence: expect.stringMatching(/^\d+$/),
    });
  });
});
