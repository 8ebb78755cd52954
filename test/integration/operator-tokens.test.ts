// Valid token checks are kept (OperatorTokens), so an authenticated request costs no round trip once its
// token was seen; what keeps that honest is tested here on both databases: a revoke or rotate through the
// commands is refused at once in the process that made it and, on a server database, in another process
// once the change's notice arrives; an expiry is read from the clock on every use; an edit by hand (SQL)
// is seen within TOKEN_RECHECK_MS; a check that raced a change does not store what it read.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { OperatorTokens, TOKEN_RECHECK_MS } from "../../src/features/operators/queries/operator-tokens.js";
import { revokeOperator } from "../../src/features/operators/commands/operator-admin.commands.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { testDatabaseTargets, useSecondService, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { uniqueToken } from "../factories/unique-token.js";
import { gqlData } from "../helpers/graphql.js";

const REVOKE = `mutation ($name: String!) { revokeOperator(name: $name) { __typename } }`;
const ROTATE = `mutation ($name: String!) { rotateOperatorToken(name: $name) {
  __typename ... on OperatorTokenPayload { token } } }`;

describe.each(testDatabaseTargets())("operator token checks ($name database)", (target) => {
  const running = useTestService(target);
  const prisma = () => running.service.services.db.prisma;
  const pool = () => running.service.services.db.pool;
  let admin: string;

  beforeAll(async () => {
    admin = (await createOperatorWithToken(prisma(), "ADMIN")).token;
  });

  /** Token checks made against the database while `work` runs. */
  const lookupsDuring = async (work: () => Promise<unknown>) => {
    const query = vi.spyOn(pool(), "query");
    try {
      await work();
      return query.mock.calls.filter(([config]) => (config as { name?: string })?.name === "authenticate-operator")
        .length;
    } finally {
      query.mockRestore();
    }
  };

  it("asks the database once for a valid token, then answers from the kept check", async () => {
    const { token } = await createOperatorWithToken(prisma(), "AGENT");
    const tokens = new OperatorTokens(pool());
    const header = `Bearer ${token}`;
    expect(await lookupsDuring(() => tokens.check(header))).toBe(1);
    expect(await lookupsDuring(async () => expect((await tokens.check(header)).status).toBe("VALID"))).toBe(0);
    // Refusals are never kept: a forged token asks every time.
    const forged = `Bearer rms_${uniqueToken()}`;
    expect(await lookupsDuring(() => Promise.all([tokens.check(forged), tokens.check(forged)]))).toBe(2);
  });

  it("refuses a token revoked through the API on the next request, though its check was kept", async () => {
    const agent = await createOperatorWithToken(prisma(), "AGENT");
    const url = running.service.url;
    await createProjectFor(url, agent.token); // the check is kept now
    await gqlData(url, REVOKE, { name: agent.operator.name }, admin);
    await expect(createProjectFor(url, agent.token)).rejects.toThrow(/UNAUTHENTICATED/);
  });

  it("refuses the old token after a rotation through the API, and accepts the new one", async () => {
    const agent = await createOperatorWithToken(prisma(), "AGENT");
    const url = running.service.url;
    await createProjectFor(url, agent.token);
    const rotated = await gqlData<{ rotateOperatorToken: { token: string } }>(
      url,
      ROTATE,
      { name: agent.operator.name },
      admin,
    );
    await expect(createProjectFor(url, agent.token)).rejects.toThrow(/UNAUTHENTICATED/);
    await createProjectFor(url, rotated.rotateOperatorToken.token);
  });

  it("reads an expiry from the clock on every use, and an edit by hand within TOKEN_RECHECK_MS", async () => {
    let now = Date.now();
    const tokens = new OperatorTokens(pool(), () => now);
    const expiring = await createOperator({
      prisma: prisma(),
      name: `expiring-${uniqueToken()}`,
      role: "AGENT",
      expiresAt: new Date(now + 60_000),
    });
    expect((await tokens.check(`Bearer ${expiring.token}`)).status).toBe("VALID");
    now += 61_000;
    expect(await tokens.check(`Bearer ${expiring.token}`)).toEqual({ status: "INVALID", reason: "EXPIRED_TOKEN" });

    now = Date.now();
    const edited = await createOperatorWithToken(prisma(), "AGENT");
    expect((await tokens.check(`Bearer ${edited.token}`)).status).toBe("VALID");
    await prisma().operator.update({ where: { id: edited.operator.id }, data: { revokedAt: new Date() } });
    now += TOKEN_RECHECK_MS - 1;
    expect((await tokens.check(`Bearer ${edited.token}`)).status).toBe("VALID");
    now += 1;
    expect(await tokens.check(`Bearer ${edited.token}`)).toEqual({ status: "INVALID", reason: "REVOKED_TOKEN" });
  });

  it("does not keep a check that began before an operator change", async () => {
    const agent = await createOperatorWithToken(prisma(), "AGENT");
    const tokens = new OperatorTokens(pool());
    const checking = tokens.check(`Bearer ${agent.token}`);
    tokens.forget(); // a change heard while the lookup is in the database
    expect((await checking).status).toBe("VALID");
    expect(tokens.size).toBe(0);
  });

  describe.skipIf(target.name !== "server")("a second service on the same database", () => {
    const second = useSecondService(running);

    it("refuses a token revoked by another process once the change's notice arrives", async () => {
      const agent = await createOperatorWithToken(prisma(), "AGENT");
      const url = second.service.server.url;
      await createProjectFor(url, agent.token); // kept by the second service
      // Revoked by the command as the CLI runs it (its own process, the database directly).
      await revokeOperator(prisma(), agent.operator.name);
      await vi.waitFor(() => expect(second.service.services.tokens.size).toBe(0), { timeout: 5_000, interval: 20 });
      await expect(createProjectFor(url, agent.token)).rejects.toThrow(/UNAUTHENTICATED/);
    });
  });
});
