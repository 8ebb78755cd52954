// GraphQL types of the research write path's expected failures.
import { builder } from "../../../graphql/builder.js";
import { ErrorInterface } from "../../../graphql/errors.js";
import {
  AlreadySupersededError,
  AmbiguousRefError,
  IdempotencyConflictError,
  RelationCycleError,
} from "../domain/research.errors.js";

builder.objectType(AmbiguousRefError, {
  name: "ResearchAmbiguousRefError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof AmbiguousRefError,
  fields: (t) => ({
    ref: t.exposeString("ref"),
    candidateStableIds: t.exposeStringList("candidateStableIds"),
  }),
});

builder.objectType(RelationCycleError, {
  name: "ResearchRelationCycleError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RelationCycleError,
  fields: (t) => ({ relationType: t.exposeString("relationType"), path: t.exposeStringList("path") }),
});

builder.objectType(AlreadySupersededError, {
  name: "ResearchAlreadySupersededError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof AlreadySupersededError,
  fields: (t) => ({ accession: t.exposeString("accession") }),
});

builder.objectType(IdempotencyConflictError, {
  name: "ResearchIdempotencyConflictError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof IdempotencyConflictError,
  fields: (t) => ({ key: t.exposeString("key") }),
});
