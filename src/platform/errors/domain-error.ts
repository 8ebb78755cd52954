// Expected failures: every one carries a stable machine-readable code. GraphQL fields list the
// classes they can return as typed union members; anything that is not a DomainError is masked.
//
// Where the line is drawn: a DomainError is a refusal of what a caller asked of the service (bad input,
// unknown ref, missing role, a conflicting state, a rejected premise query, an invalid catalogue file, an
// unreachable source site), whichever transport asked. The failures of starting a process are not:
// UsageError (src/cli/run-command.ts), ConfigurationError (src/env.ts), DatabaseStartupError and
// MigrationError (src/platform/db) and the lexicon's load errors (src/text/lexicon/schema.ts) stop a
// command or the service before any request exists, so they extend Error and the CLI prints them.

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    readonly field: string | null = null,
    code = "INVALID_INPUT",
  ) {
    super(code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(
    message: string,
    readonly ref: string | null = null,
    code = "NOT_FOUND",
  ) {
    super(code, message);
  }
}

export class AuthenticationError extends DomainError {
  constructor(
    message = "A valid operator token is required (Authorization: Bearer <token>)",
    code = "UNAUTHENTICATED",
  ) {
    super(code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(
    message: string,
    readonly requiredRole: string,
    code = "FORBIDDEN",
  ) {
    super(code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = "CONFLICT") {
    super(code, message);
  }
}
