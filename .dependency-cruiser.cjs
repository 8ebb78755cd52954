// Import rules of the house (docs/development.md): no cycles, and arrows point down the floors
// main/cli/http/mcp > service > schema, projectors (the projection registry factory) > features > projections, events > retrieval, text, graphql > platform.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "A cycle makes load order matter and layers meaningless.",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-is-the-floor",
      severity: "error",
      comment: "platform/ (db, errors, lib) imports nothing of the service above it.",
      from: { path: "^src/platform/" },
      to: { path: "^src/", pathNot: ["^src/platform/", "^src/generated/", "^src/logger\\.ts$", "^src/env\\.ts$"] },
    },
    {
      name: "graphql-imports-no-feature",
      severity: "error",
      comment: "The builder, scalars, errors, masking and limits know no feature; schema.ts assembles the features.",
      from: { path: "^src/graphql/" },
      to: { path: "^src/(features|schema|service|server|main|http|mcp|cli|projections|events|text|retrieval)" },
    },
    {
      name: "text-and-retrieval-know-no-feature",
      severity: "error",
      from: { path: "^src/(text|retrieval)/" },
      to: { path: "^src/(features|projections|events|graphql|schema|service|server|http|mcp|cli)" },
    },
    {
      name: "events-below-projections",
      severity: "error",
      comment: "The change stream calls the projectors it is given; it imports none.",
      from: { path: "^src/events/" },
      to: { path: "^src/(features|projections|projectors|graphql|schema|service|server|http|mcp|cli)" },
    },
    {
      name: "projection-engine-knows-no-feature",
      severity: "error",
      comment: "The engine runs the projectors service.ts registers; feature projections live in their feature.",
      from: { path: "^src/projections/" },
      to: { path: "^src/(features|projectors|graphql|schema|service|server|http|mcp|cli)" },
    },
    {
      name: "features-below-the-entry-points",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: "^src/(schema|service|projectors|server|main|http|mcp|cli)" },
    },
    {
      name: "features-meet-through-domain",
      severity: "error",
      comment:
        "Below its GraphQL layer a feature uses another feature's domain, commands or queries, never its GraphQL files. " +
        "A feature's GraphQL layer may name another feature's GraphQL types (a field returning Problem): the schema is one graph.",
      from: { path: "^src/features/([^/]+)/(domain|commands|queries|projection|read)/" },
      to: { path: "^src/features/([^/]+)/graphql/", pathNot: "^src/features/$1/graphql/" },
    },
    {
      name: "graphql-is-a-feature-top",
      severity: "error",
      comment: "Inside a feature, domain, commands, queries and projections never import its GraphQL layer.",
      from: { path: "^src/features/[^/]+/(domain|commands|queries|projection|read)/" },
      to: { path: "^src/features/[^/]+/graphql/" },
    },
    {
      name: "src-never-imports-tools-or-tests",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(tools|test|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".js"],
    },
  },
};
