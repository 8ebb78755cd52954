// `problems`: the catalogue as a Relay connection with filters and a total count.
import type { Prisma } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { PublicationStateEnum, ResolutionStateEnum } from "./problem-enums.js";

const ProblemFilterInput = builder.inputType("ProblemFilter", {
  fields: (t) => ({
    resolutionState: t.field({ type: [ResolutionStateEnum] }),
    publicationState: t.field({ type: [PublicationStateEnum] }),
    tag: t.string(),
    collection: t.string(),
  }),
});

function whereFor(filter: typeof ProblemFilterInput.$inferInput | null | undefined): Prisma.ProblemWhereInput {
  if (!filter) return {};
  return {
    ...(filter.resolutionState?.length ? { resolutionState: { in: filter.resolutionState } } : {}),
    ...(filter.publicationState?.length ? { publicationState: { in: filter.publicationState } } : {}),
    ...(filter.tag ? { tags: { has: filter.tag } } : {}),
    ...(filter.collection ? { collection: filter.collection.toLowerCase() } : {}),
  };
}

builder.queryField("problems", (t) =>
  t.prismaConnection(
    {
      type: "Problem",
      cursor: "stableId",
      maxSize: 100,
      defaultSize: 20,
      args: { filter: t.arg({ type: ProblemFilterInput }) },
      totalCount: (_parent, args, context) => context.prisma.problem.count({ where: whereFor(args.filter) }),
      resolve: (query, _root, args, context) =>
        context.prisma.problem.findMany({ ...query, where: whereFor(args.filter), orderBy: { stableId: "asc" } }),
    },
    { description: "Catalogue problems ordered by stable id." },
  ),
);
