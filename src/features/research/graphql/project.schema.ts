// The Project type: a research project bound to one canonical problem (Relay node, federation entity).
import { decodeIdOf } from "../../../graphql/global-ids.js";
import { builder } from "../../../graphql/builder.js";

export const ProjectType = builder.prismaNode("Project", {
  id: { field: "id" },
  description: "A research project bound to one canonical problem.",
  fields: (t) => ({
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    problem: t.relation("problem"),
    routingTargetId: t.exposeString("routingTargetId"),
    researchObjects: t.relatedConnection("researchObjects", {
      cursor: "id",
      totalCount: true,
      query: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.asEntity(ProjectType, {
  key: [builder.selection<{ id: string }>("id"), builder.selection<{ slug: string }>("slug")],
  resolveReference: async (reference, context) =>
    "id" in reference
      ? context.prisma.project.findUnique({ where: { id: decodeIdOf("Project", reference.id) } })
      : context.prisma.project.findUnique({ where: { slug: reference.slug } }),
});
