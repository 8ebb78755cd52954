// What the operators feature adds to the services every request sees (src/graphql/context.ts).
import type { OperatorTokens } from "../queries/operator-tokens.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** Token checks, the valid ones kept until an operator change or TOKEN_RECHECK_MS. */
    tokens: OperatorTokens;
  }
}
