// What every write command takes from a request (GraphQL or MCP): the database (Prisma, and its pg pool), the notifier that wakes
// the change stream's readers, the inline views its transaction advances, where a write hands its text analysis,
// the keys recently claimed (a retry's shortcut) and the role-checked operator.
import type { Services } from "../../../graphql/context.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";

export function writeProps(services: Services, operator: AuthenticatedOperator) {
  return {
    prisma: services.db.prisma,
    pool: services.db.pool,
    notifier: services.notifier,
    inlineViews: services.projections.inlineViews,
    batcher: services.researchWrites,
    analysedTexts: services.analysedTexts,
    recentClaims: services.recentClaims,
    operator,
  };
}
