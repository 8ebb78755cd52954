// Input text every field can rely on, checked once per operation on both transports before anything
// runs: no NUL (PostgreSQL text cannot hold it), no lone UTF-16 surrogate, and JSON nested no deeper
// than MAX_INPUT_DEPTH (deeper values overflowed the stack of recursive readers further in).
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";

/** Far beyond any metadata a client means to send, far below what a recursive reader survives. */
export const MAX_INPUT_DEPTH = 64;

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this looks for
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badInput(message: string, where: string): GraphQLError {
  return new GraphQLError(`${message} (${where})`, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
}

function checkText(text: string, where: string): GraphQLError | null {
  if (NUL.test(text)) return badInput("Text must not contain the NUL character U+0000", where);
  if (LONE_SURROGATE.test(text)) return badInput("Text must be valid Unicode: it holds a lone surrogate", where);
  return null;
}

/** Iterative walk (a recursive one is what the depth limit protects), keys checked like values. */
/** The first problem with a decoded input value (GraphQL variables, MCP tool arguments), or null. */
export function checkInputValue(root: unknown, where: string): GraphQLError | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: root, depth: 0, path: where }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === "string") {
      const error = checkText(value, path);
      if (error) return error;
    } else if (value !== null && typeof value === "object") {
      if (depth >= MAX_INPUT_DEPTH) return badInput(`Input nested deeper than ${MAX_INPUT_DEPTH} levels`, path);
      for (const [key, child] of Object.entries(value)) {
        const error = checkText(key, path);
        if (error) return error;
        stack.push({
          value: child,
          depth: depth + 1,
          path: Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`,
        });
      }
    }
  }
  return null;
}

/** The first problem with a document's literal strings and objects, or null when they are clean. */
function checkDocumentLiterals(document: DocumentNode): GraphQLError | null {
  let found: GraphQLError | null = null;
  visit(document, {
    StringValue(node) {
      found ??= checkText(node.value, `a string literal at line ${node.loc?.startToken.line ?? "?"}`);
    },
    ObjectValue: {
      enter(node, _key, _parent, _path, ancestors) {
        const depth = ancestors.filter((ancestor) => "kind" in ancestor && ancestor.kind === Kind.OBJECT).length;
        if (depth >= MAX_INPUT_DEPTH)
          found ??= badInput(
            `Input nested deeper than ${MAX_INPUT_DEPTH} levels`,
            `line ${node.loc?.startToken.line ?? "?"}`,
          );
      },
    },
  });
  return found;
}

const checkVariables = (variables: unknown) =>
  variables === undefined || variables === null ? null : checkInputValue(variables, "variables");

/** The first problem with an operation's literal strings or variables, or null when it is clean. */
export function checkOperationInput(document: DocumentNode, variables: unknown): GraphQLError | null {
  return checkDocumentLiterals(document) ?? checkVariables(variables);
}

/** Subscriptions stream over graphql-ws; over HTTP they would fail deep inside execution. */
function subscriptionOverHttp(): GraphQLError {
  return new GraphQLError(
    "Subscriptions run over graphql-ws (the graphql-transport-ws protocol) on the same /graphql path, not over HTTP POST",
    {
      extensions: { code: "BAD_REQUEST", http: { status: 400 } },
    },
  );
}

/**
 * The same check as an Apollo plugin: a refused operation is a 400 BAD_USER_INPUT before it runs. Apollo
 * hands every request with the same query text the same parsed document (its document cache), so a
 * clean document's literals are walked once per server; variables differ per request and are checked each time.
 */
export function createInputGuardPlugin(): ApolloServerPlugin {
  // Only clean documents are remembered: a refused one is rare, and each refusal gets its own error object.
  const cleanDocuments = new WeakSet<DocumentNode>();
  const checkLiterals = (document: DocumentNode) => {
    if (cleanDocuments.has(document)) return null;
    const error = checkDocumentLiterals(document);
    if (!error) cleanDocuments.add(document);
    return error;
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request, operation }) {
          if (operation?.operation === "subscription") throw subscriptionOverHttp();
          const error = checkLiterals(document) ?? checkVariables(request.variables);
          if (error) throw error;
        },
      };
    },
  };
}
