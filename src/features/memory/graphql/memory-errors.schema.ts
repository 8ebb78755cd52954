// GraphQL type of the memory-branch read's expected failure.
import { builder } from "../../../graphql/builder.js";
import { ErrorInterface } from "../../../graphql/errors.js";
import { InvalidCursorError } from "../domain/memory.errors.js";

builder.objectType(InvalidCursorError, {
  name: "ResearchInvalidCursorError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InvalidCursorError,
  fields: (t) => ({ reason: t.exposeString("reason", { description: "MALFORMED, TAMPERED or FOREIGN." }) }),
});
