// Custom scalars: ISO-8601 DateTime, opaque JSON, and BigInt carried as a decimal string
// (event sequences exceed 2^53 in principle, so they never travel as floats).
import { GraphQLError, Kind } from "graphql";
import { builder } from "./builder.js";

builder.scalarType("DateTime", {
  description: "An ISO-8601 timestamp in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError(`Invalid DateTime: ${String(value)}`);
    return date;
  },
});

builder.scalarType("JSON", {
  description: "Arbitrary JSON.",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? ast.value : null),
});

builder.scalarType("BigInt", {
  description: "An integer of any size, as a decimal string.",
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== "string" && typeof value !== "number")
      throw new GraphQLError("BigInt must be a string or integer");
    if (!/^-?\d+$/.test(String(value))) throw new GraphQLError(`Invalid BigInt: ${String(value)}`);
    return BigInt(value);
  },
});
