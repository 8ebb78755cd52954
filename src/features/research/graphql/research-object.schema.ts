// The ResearchObject type: claims, attempts, negative traces, artifacts, formalizations and open
// questions (Relay node, federation entity), plus `Problem.researchObjects`.
import { decodeIdOf } from "../../../graphql/global-ids.js";
import { builder } from "../../../graphql/builder.js";
import { buildManifest, MANIFEST_INCLUDE } from "../domain/manifest.js";
import { researchRefWhere } from "../domain/research-refs.js";
import { EvidenceGradeEnum, RelationTypeEnum, ResearchKindEnum, ResearchStateEnum } from "./research-enums.js";

export const ResearchObjectType = builder.prismaNode("ResearchObject", {
  id: { field: "id" },
  description:
    "One accepted research record. `routingTargetId` is the canonical problem it was written to, or the surviving problem once that one was merged.",
  fields: (t) => ({
    accession: t.string({ resolve: (object) => `R${object.accession}` }),
    slug: t.exposeString("slug"),
    contentHash: t.exposeString("contentHash"),
    kind: t.expose("kind", { type: ResearchKindEnum }),
    title: t.exposeString("title"),
    body: t.exposeString("body"),
    evidenceGrade: t.expose("evidenceGrade", { type: EvidenceGradeEnum }),
    state: t.expose("state", { type: ResearchStateEnum }),
    trustFlags: t.exposeStringList("trustFlags", {
      description:
        "The write-time trust classifier's findings (`CATEGORY:rule-id`); empty when none. The text itself is untrusted either way.",
    }),
    quarantineReason: t.exposeString("quarantineReason", {
      nullable: true,
      description: "Why the record is QUARANTINED (classifier or curator); null otherwise.",
    }),
    routingTargetId: t.exposeString("routingTargetId"),
    branchName: t.exposeString("branchName", { nullable: true }),
    metadata: t.expose("metadata", { type: "JSON" }),
    artifact: t.expose("artifact", { type: "JSON", nullable: true }),
    formal: t.expose("formal", { type: "JSON", nullable: true }),
    project: t.relation("project"),
    problem: t.relation("problem"),
    targets: t.relation("targets"),
    relations: t.relation("relationsOut"),
    incomingRelations: t.relation("relationsIn"),
    supersededBy: t.relation("supersededBy", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObject("ResearchTarget", {
  description: "A typed binding of a research object to what it is about.",
  fields: (t) => ({
    targetKind: t.exposeString("targetKind"),
    targetId: t.exposeString("targetId"),
  }),
});

builder.prismaObject("ResearchRelation", {
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.expose("type", { type: RelationTypeEnum }),
    from: t.relation("from"),
    to: t.relation("to"),
    note: t.exposeString("note", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObject("Supersession", {
  fields: (t) => ({
    superseded: t.relation("superseded"),
    superseding: t.relation("superseding"),
    reason: t.exposeString("reason", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObjectField("Problem", "researchObjects", (t) =>
  t.relatedConnection("researchObjects", {
    cursor: "id",
    totalCount: true,
    query: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  }),
);

/** `R12` → 12; anything else names no research object. */
function accessionNumber(accession: string): number | null {
  const match = /^R(\d{1,9})$/.exec(accession);
  return match ? Number(match[1]) : null;
}

builder.asEntity(ResearchObjectType, {
  // The accession (`R12`) is the citation form records, packets and other subgraphs use.
  key: [builder.selection<{ id: string }>("id"), builder.selection<{ accession: string }>("accession")],
  resolveReference: async (reference, context) => {
    if ("id" in reference)
      return context.prisma.researchObject.findUnique({ where: { id: decodeIdOf("ResearchObject", reference.id) } });
    const accession = accessionNumber(reference.accession);
    return accession === null ? null : context.prisma.researchObject.findUnique({ where: { accession } });
  },
});

builder.prismaObjectField("ResearchObject", "manifest", (t) =>
  t.field({
    type: "JSON",
    description: "Derived manifest: identity, targets, relations, supersession and a bounded replay summary.",
    resolve: async (object, _args, context) =>
      buildManifest(
        await context.prisma.researchObject.findUniqueOrThrow({ where: { id: object.id }, include: MANIFEST_INCLUDE }),
      ),
  }),
);

builder.queryField("researchObject", (t) =>
  t.prismaField({
    type: "ResearchObject",
    nullable: true,
    description: "A research object by id, accession (`R12`), slug or content hash; null when none matches.",
    args: { ref: t.arg.string({ required: true }) },
    resolve: (query, _root, args, context) =>
      context.prisma.researchObject.findFirst({
        ...query,
        where: researchRefWhere(args.ref),
        orderBy: { accession: "desc" },
      }),
  }),
);
