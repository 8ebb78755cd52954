// GraphQL shape of expected failures: a `ResearchError` interface with `message` and `code`, one
// object type per DomainError class. Fields opt in to the classes they can return. Every name carries
// the `Research` prefix: in a company-wide supergraph, `Error`, `ResearchOtherError` or `ResearchNotFoundError` are
// defined by other subgraphs with other fields, and same-named types would not compose
// (test/integration/federation-siblings.test.ts composes beside such a sibling).
import {
  AuthenticationError,
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
} from "../platform/errors/domain-error.js";
import { builder } from "./builder.js";

export const ErrorInterface = builder.interfaceRef<DomainError>("ResearchError").implement({
  description: "An expected failure with a stable machine-readable code.",
  fields: (t) => ({
    message: t.exposeString("message"),
    code: t.exposeString("code"),
  }),
});

const SPECIFIC_ERRORS = [InvalidInputError, NotFoundError, AuthenticationError, ForbiddenError, ConflictError];

builder.objectType(DomainError, {
  name: "ResearchOtherError",
  description: "Any other expected failure; `code` says which.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DomainError && !SPECIFIC_ERRORS.some((kind) => value instanceof kind),
});

builder.objectType(InvalidInputError, {
  name: "ResearchInvalidInputError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InvalidInputError,
  fields: (t) => ({ field: t.exposeString("field", { nullable: true }) }),
});

builder.objectType(NotFoundError, {
  name: "ResearchNotFoundError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
  fields: (t) => ({ ref: t.exposeString("ref", { nullable: true }) }),
});

builder.objectType(AuthenticationError, {
  name: "ResearchAuthenticationError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof AuthenticationError,
});

builder.objectType(ForbiddenError, {
  name: "ResearchForbiddenError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ForbiddenError,
  fields: (t) => ({ requiredRole: t.exposeString("requiredRole") }),
});

builder.objectType(ConflictError, {
  name: "ResearchConflictError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
});

/** Error classes every authenticated write can return, before its own. */
export const WRITE_ERRORS = [AuthenticationError, ForbiddenError, InvalidInputError, NotFoundError, ConflictError];
