// The GraphQL context of one operation, for both transports (HTTP and graphql-ws): the operator token
// checked by the operators feature, then the context assembled by the GraphQL layer.
import { randomUUID } from "node:crypto";
import { createContext, type Context, type Services } from "../graphql/context.js";

export async function requestContext(
  services: Services,
  authorization: string | undefined | null,
  requestId: string = randomUUID(),
  logFields: Record<string, unknown> = {},
): Promise<Context> {
  const auth = await services.tokens.check(authorization);
  return createContext({ services, auth, requestId, logFields });
}
