// The Pothos schema builder: configuration only (plugins, scalars, context type). Types and fields
// live with their feature modules under src/features/*.
import SchemaBuilder from "@pothos/core";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import DirectivesPlugin from "@pothos/plugin-directives";
import ErrorsPlugin from "@pothos/plugin-errors";
import FederationPlugin from "@pothos/plugin-federation";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import type { Context } from "./context.js";
import { DomainError } from "../platform/errors/domain-error.js";
import { decodeNodeId } from "./global-ids.js";
import type PrismaTypes from "../generated/pothos-prisma-types.js";
import { getDatamodel } from "../generated/pothos-prisma-types.js";

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    BigInt: { Input: bigint; Output: bigint | number | string };
  };
}>({
  plugins: [ErrorsPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin, DirectivesPlugin, FederationPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (context) => context.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    // Unknown-field selection errors should fail the build, not silently over-fetch.
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // Every Relay-style subgraph defines PageInfo; identical value types must be shareable to compose.
    pageInfoTypeOptions: { shareable: true },
    // `node`/`nodes` share the service's decoder: a malformed id is a typed INVALID_ID, not a masked error.
    decodeGlobalID: (globalID) => decodeNodeId(globalID),
  },
  errors: {
    // Only domain errors become typed union members; anything else is masked by the server.
    defaultTypes: [DomainError],
  },
});
