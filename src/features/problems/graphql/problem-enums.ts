// GraphQL enums of the catalogue, taken from the Prisma enums so the two never drift.
import { IdentityKind, PublicationState, ResolutionState } from "../../../generated/prisma/enums.js";
import { builder } from "../../../graphql/builder.js";

export const ResolutionStateEnum = builder.enumType(ResolutionState, {
  name: "ResolutionState",
  description: "Mathematical status of a problem, from its source.",
});

export const PublicationStateEnum = builder.enumType(PublicationState, {
  name: "PublicationState",
  description:
    "PUBLISHED and CHALLENGE_PERIOD problems are actionable; CATALOGUED ones are found by exact identity only.",
});

export const IdentityKindEnum = builder.enumType(IdentityKind, {
  name: "IdentityKind",
  description: "Which identifier form resolved a problem ref.",
});
