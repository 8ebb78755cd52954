// ANONYMOUS_READS=false: every operation, on both transports, needs a valid operator token. The schema
// itself is not secret, so introspection (GraphiQL, codegen) and federation's `_service` stay open.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from "graphql";
import type { Context } from "./context.js";
import type { TokenCheck } from "../platform/auth/caller.js";

/** Root fields anyone may ask for: introspection and the subgraph SDL a gateway composes from. */
const OPEN_FIELD = (name: string) => name.startsWith("__") || name === "_service";

function rootFields(selectionSet: SelectionSetNode, document: DocumentNode, seen = new Set<string>()): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet, document, seen);
    const name = selection.name.value;
    if (seen.has(name)) return [];
    seen.add(name);
    const fragment = document.definitions.find(
      (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === name,
    );
    return fragment && fragment.kind === Kind.FRAGMENT_DEFINITION
      ? rootFields(fragment.selectionSet, document, seen)
      : [];
  });
}

export function readAccessError(options: {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  auth: TokenCheck;
  anonymousReads: boolean;
}): GraphQLError | null {
  if (options.anonymousReads || options.auth.status === "VALID") return null;
  if (rootFields(options.operation.selectionSet, options.document).every(OPEN_FIELD)) return null;
  const why = options.auth.status === "INVALID" ? "the operator token is not valid" : "no operator token was sent";
  return new GraphQLError(
    `This service requires an operator token for reads (ANONYMOUS_READS=false): ${why}. Send Authorization: Bearer <token>`,
    {
      extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
    },
  );
}

/** The HTTP side; graphql-ws runs `readAccessError` when it prepares an operation. */
export function readAccessPlugin(anonymousReads: boolean): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, contextValue }) {
          if (!operation) return;
          const error = readAccessError({ document, operation, auth: contextValue.auth, anonymousReads });
          if (error) throw error;
        },
      };
    },
  };
}
