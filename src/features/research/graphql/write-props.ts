// What every write command takes from a GraphQL request: the database, the notifier that wakes the
// change stream's readers, the inline views its transaction advances, and the role-checked operator.
import type { Context } from "../../../graphql/context.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";

export function writeProps(context: Context, operator: AuthenticatedOperator) {
  return {
    prisma: context.prisma,
    notifier: context.services.notifier,
    inlineViews: context.services.projections.inlineViews,
    operator,
  };
}
