// GraphQL shape of expected failures: an `Error` interface with `message` and `code`, one object
// type per DomainError class. Fields opt in to the classes they can return.
import {
  AuthenticationError,
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
} from "../errors/domain-error.js";
import { builder } from "./builder.js";

export const ErrorInterface = builder.interfaceRef<DomainError>("Error").implement({
  description: "An expected failure with a stable machine-readable code.",
  fields: (t) => ({
    message: t.exposeString("message"),
    code: t.exposeString("code"),
  }),
});

const SPECIFIC_ERRORS = [InvalidInputError, NotFoundError, AuthenticationError, ForbiddenError, ConflictError];

builder.objectType(DomainError, {
  name: "BaseError",
  description: "Any other expected failure; `code` says which.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DomainError && !SPECIFIC_ERRORS.some((kind) => value instanceof kind),
});

builder.objectType(InvalidInputError, {
  name: "InvalidInputError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InvalidInputError,
  fields: (t) => ({ field: t.exposeString("field", { nullable: true }) }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
  fields: (t) => ({ ref: t.exposeString("ref", { nullable: true }) }),
});

builder.objectType(AuthenticationError, {
  name: "AuthenticationError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof AuthenticationError,
});

builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ForbiddenError,
  fields: (t) => ({ requiredRole: t.exposeString("requiredRole") }),
});

builder.objectType(ConflictError, {
  name: "ConflictError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
});

/** Error classes every authenticated write can return, before its own. */
export const WRITE_ERRORS = [AuthenticationError, ForbiddenError, InvalidInputError, NotFoundError, ConflictError];
