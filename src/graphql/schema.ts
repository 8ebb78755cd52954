// Builds the schema: imports every feature module (each registers its types and fields on the
// builder), then produces the plain schema and the federation subgraph schema.
import { lexicographicSortSchema, type GraphQLSchema } from "graphql";
import { builder } from "./builder.js";
import "./scalars.js";
import "./errors.js";
import "../modules/problems/problem.schema.js";
import "../modules/problems/problems.queries.js";
import "../modules/identity/identity.schema.js";
import "../modules/discovery/discovery.schema.js";
import "../modules/premises/premise.schema.js";
import "../modules/research/project.schema.js";
import "../modules/research/research-object.schema.js";
import "../modules/research/project.mutations.js";
import "../modules/research/project-members.schema.js";
import "../modules/operators/operator.schema.js";
import "../modules/research/research.mutations.js";
import "../modules/research/trust/quarantine.mutations.js";
import "../modules/intake/intake.schema.js";
import "../modules/events/change-event.schema.js";
import "../modules/memory/memory-branch.schema.js";
import "../modules/memory/memory-branch.queries.js";
import "../modules/freshness/freshness.schema.js";
import "../orient/orient.schema.js";

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

let cached: GraphQLSchema | undefined;

/** The federation subgraph schema the service serves (includes _entities and _service). */
export function buildSchema(): GraphQLSchema {
  cached ??= builder.toSubGraphSchema({
    linkUrl: "https://specs.apollo.dev/federation/v2.6",
    federationDirectives: ["@key", "@shareable"],
  });
  return cached;
}

/** The public API without federation plumbing, sorted for stable printing. */
export function buildPlainSchema(): GraphQLSchema {
  return lexicographicSortSchema(builder.toSchema());
}
