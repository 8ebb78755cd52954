// GraphQL enums of the research record, taken from the Prisma enums so the two never drift.
import { EvidenceGrade, RelationType, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { builder } from "../../../graphql/builder.js";

export const ResearchKindEnum = builder.enumType(ResearchKind, { name: "ResearchKind" });
export const EvidenceGradeEnum = builder.enumType(EvidenceGrade, {
  name: "EvidenceGrade",
  description: "How strongly a record is backed; it limits what a record can support, not its relevance.",
});
export const ResearchStateEnum = builder.enumType(ResearchState, { name: "ResearchState" });
export const RelationTypeEnum = builder.enumType(RelationType, { name: "RelationType" });
