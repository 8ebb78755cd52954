// HTTP cache hints for catalogue reads. A GET whose every selected field is catalogue data (problems,
// their statements, sources, declarations; no research records, projects, memory or advisories,
// which change with every write) answers `Cache-Control: max-age=…`, so a CDN in front of GET with
// automatic persisted queries can serve repeated identity lookups. Every other answer says `no-store`.
import type { ApolloServerPlugin } from "@apollo/server";
import {
  getNamedType,
  isCompositeType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import type { Context } from "./context.js";

/** Catalogue types and the fields of each that may be cached; `*` is every field of the type. */
const CACHEABLE_FIELDS: Record<string, ReadonlySet<string> | "*"> = {
  Query: new Set(["problem", "problems"]),
  ProblemResolution: "*",
  Problem: new Set([
    "id",
    "stableId",
    "slug",
    "number",
    "title",
    "statement",
    "statementHash",
    "remarks",
    "comments",
    "collection",
    "aliases",
    "tags",
    "oeisIds",
    "prize",
    "acceptanceConditions",
    "challengeDeadline",
    "formalizedSolution",
    "resolutionState",
    "resolutionNote",
    "publicationState",
    "definitions",
    "formalDeclarations",
    "sources",
    "statementFamily",
    "sourceUpdatedAt",
    "createdAt",
    "updatedAt",
  ]),
  Definition: "*",
  FormalDeclaration: "*",
  ProblemSource: "*",
  StatementFamily: "*",
  QueryProblemsConnection: "*",
  QueryProblemsConnectionEdge: "*",
  PageInfo: "*",
};

function fieldIsCacheable(typeName: string, fieldName: string): boolean {
  if (fieldName === "__typename") return true;
  const allowed = CACHEABLE_FIELDS[typeName];
  return allowed === "*" || (allowed !== undefined && allowed.has(fieldName));
}

/** True when every field the operation selects (through fragments too) is catalogue data. */
export function selectsOnlyCatalogue(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): boolean {
  if (operation.operation !== "query") return false;
  const typeInfo = new TypeInfo(schema);
  let cacheable = true;
  const fragments = document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
  for (const root of [operation, ...fragments]) {
    visit(
      root,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const parent = typeInfo.getParentType();
          const type = typeInfo.getType();
          if (!parent || !type || !fieldIsCacheable(parent.name, node.name.value)) cacheable = false;
          // A union or interface field is cacheable only if its every possible type is (checked at the fragments).
          else if (isCompositeType(getNamedType(type)) && !(getNamedType(type).name in CACHEABLE_FIELDS))
            cacheable = false;
        },
      }),
    );
  }
  return cacheable;
}

/** What Apollo's own cache-control plugin answers when an operation may not be cached. */
const UNCACHEABLE = "no-store";

/**
 * Every answer's Cache-Control. This plugin replaces Apollo's built-in one (turned off in server.ts), which
 * wrapped every field resolver to gather `@cacheControl` hints the schema does not declare, only to answer
 * `no-store`; the catalogue's hint is decided here from the selection, once per operation.
 */
export function catalogueCachePlugin(options: {
  schema: GraphQLSchema;
  maxAgeSeconds: number;
  anonymousReads: boolean;
}): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request }) {
      // Only GET answers are kept by HTTP caches; 0 turns the hints off.
      const mayHint = options.maxAgeSeconds > 0 && request.http?.method === "GET";
      return {
        async willSendResponse({ document, operation, response }) {
          const cacheable =
            mayHint &&
            document &&
            operation &&
            response.body.kind === "single" &&
            !response.body.singleResult.errors &&
            selectsOnlyCatalogue(options.schema, document, operation);
          // A shared cache may keep an answer only when anyone could have read it without a token.
          const shared = options.anonymousReads && !request.http?.headers.get("authorization");
          response.http.headers.set(
            "cache-control",
            cacheable ? `${shared ? "public" : "private"}, max-age=${options.maxAgeSeconds}` : UNCACHEABLE,
          );
        },
      };
    },
  };
}
