// Builds the schema: imports every feature module (each registers its types and fields on the
// builder), then produces the plain schema and the federation subgraph schema.
import { printSubgraphSchema } from "@apollo/subgraph";
import { Kind, lexicographicSortSchema, parse, type GraphQLSchema } from "graphql";
import { builder } from "./graphql/builder.js";
import "./graphql/scalars.js";
import "./graphql/errors.js";
import "./features/problems/graphql/problem.schema.js";
import "./features/problems/graphql/problems.queries.js";
import "./features/identity/graphql/identity.schema.js";
import "./features/discovery/graphql/discovery.schema.js";
import "./features/premises/graphql/premise.schema.js";
import "./features/research/graphql/project.schema.js";
import "./features/research/graphql/research-object.schema.js";
import "./features/research/graphql/project.mutations.js";
import "./features/research/graphql/project-members.schema.js";
import "./features/operators/graphql/operator.schema.js";
import "./features/research/graphql/research.mutations.js";
import "./features/research/graphql/quarantine.mutations.js";
import "./features/intake/graphql/intake.schema.js";
import "./features/advisories/graphql/advisory.schema.js";
import "./features/intake/graphql/curation.schema.js";
import "./features/research/graphql/change-event.schema.js";
import "./features/memory/graphql/memory-branch.schema.js";
import "./features/memory/graphql/memory-branch.queries.js";
import "./features/freshness/graphql/freshness.schema.js";
import "./features/freshness/graphql/service-monitor.schema.js";
import "./features/orient/graphql/orient.schema.js";

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

/**
 * Root fields served to direct clients but left out of the SDL a gateway composes: in a supergraph,
 * Relay's `node`/`nodes` belong to the graph as a whole (a node router, or the gateway, decodes an id
 * and asks the owning subgraph for the entity), and every Node type here is an entity keyed by `id`
 * for exactly that. Declaring them here too would clash with every other Relay-style subgraph.
 */
const DIRECT_CLIENT_ONLY_ROOT_FIELDS: ReadonlySet<string> = new Set(["node", "nodes"]);

/** The SDL this subgraph announces to a gateway (`_service { sdl }`, schema/subgraph.graphql). */
export function subgraphSdl(schema: GraphQLSchema): string {
  const printed = printSubgraphSchema(schema);
  // Cut the fields out of the printed text (printSubgraphSchema keeps its own layout, which a
  // round trip through graphql's printer would lose); each field's location spans its description.
  const query = parse(printed).definitions.find(
    (definition) => definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === "Query",
  );
  const cuts = (query?.kind === Kind.OBJECT_TYPE_DEFINITION ? (query.fields ?? []) : [])
    .filter((field) => DIRECT_CLIENT_ONLY_ROOT_FIELDS.has(field.name.value) && field.loc)
    .map((field) => [field.loc!.start, field.loc!.end] as const)
    .sort((a, b) => b[0] - a[0]);
  let sdl = printed;
  for (const [start, end] of cuts)
    sdl = sdl.slice(0, sdl.lastIndexOf("\n", start - 1) + 1) + sdl.slice(sdl.indexOf("\n", end) + 1);
  return sdl;
}

/**
 * The federation subgraph schema the service serves (includes _entities and _service). Each call builds
 * a new one: src/service.ts builds it once per service and owns it, the print-schema CLI builds its own.
 */
export function buildSchema(): GraphQLSchema {
  const schema = builder.toSubGraphSchema({
    linkUrl: "https://specs.apollo.dev/federation/v2.6",
    federationDirectives: ["@key", "@shareable"],
  });
  const sdl = subgraphSdl(schema);
  const service = schema.getQueryType()?.getFields()._service;
  if (service) service.resolve = () => ({ sdl });
  return schema;
}

/** The public API without federation plumbing, sorted for stable printing. */
export function buildPlainSchema(): GraphQLSchema {
  return lexicographicSortSchema(builder.toSchema());
}
