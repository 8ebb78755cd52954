// GraphQL types of the intake and curation failures.
import { builder } from "../../../graphql/builder.js";
import { ErrorInterface } from "../../../graphql/errors.js";
import { MergeIntoSelfError, ProblemStateError, StatementRefusedError } from "../domain/intake.errors.js";

builder.objectType(StatementRefusedError, {
  name: "ResearchStatementRefusedError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof StatementRefusedError,
  fields: (t) => ({
    rule: t.exposeString("rule", {
      description: "TOO_SHORT, REPEATED_RUN, DIGIT_RUN, NO_WORDS or NO_MATHEMATICAL_CONTENT.",
    }),
  }),
});

builder.objectType(ProblemStateError, {
  name: "ResearchProblemStateError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ProblemStateError,
  fields: (t) => ({
    stableId: t.exposeString("stableId"),
    publicationState: t.exposeString("publicationState"),
    allowedStates: t.exposeStringList("allowedStates"),
  }),
});

builder.objectType(MergeIntoSelfError, {
  name: "ResearchMergeIntoSelfError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MergeIntoSelfError,
  fields: (t) => ({ stableId: t.exposeString("stableId") }),
});
