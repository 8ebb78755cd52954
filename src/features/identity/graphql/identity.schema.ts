// `problem(ref)`: exact identity. Resolves every identifier form; never searches free text.
import { builder } from "../../../graphql/builder.js";
import { IdentityKindEnum } from "../../problems/graphql/problem-enums.js";
import { type ProblemRefResolution, resolveProblemRef } from "../domain/resolve-problem-ref.js";

const ResolutionStatusEnum = builder.enumType("ResolutionStatus", {
  values: ["RESOLVED", "AMBIGUOUS", "NOT_FOUND"] as const,
});

const ProblemResolutionType = builder.objectRef<ProblemRefResolution>("ProblemResolution").implement({
  description: "The outcome of an exact problem ref: one problem, several candidates, or none.",
  fields: (t) => ({
    ref: t.exposeString("ref"),
    status: t.expose("status", { type: ResolutionStatusEnum }),
    matchedBy: t.expose("matchedBy", { type: IdentityKindEnum, nullable: true }),
    problem: t.prismaField({
      type: "Problem",
      nullable: true,
      resolve: (query, resolution, _args, context) =>
        resolution.problemId
          ? context.prisma.problem.findUnique({ ...query, where: { id: resolution.problemId } })
          : null,
    }),
    mergedFrom: t.prismaField({
      type: "Problem",
      nullable: true,
      description:
        "Set when the ref names a problem that was merged: that problem (state MERGED); `problem` is its survivor.",
      resolve: (query, resolution, _args, context) =>
        resolution.mergedFromId
          ? context.prisma.problem.findUnique({ ...query, where: { id: resolution.mergedFromId } })
          : null,
    }),
    candidates: t.prismaField({
      type: ["Problem"],
      description: "Every problem the ref names when it is AMBIGUOUS; choose one and pass its stableId.",
      resolve: (query, resolution, _args, context) =>
        resolution.status === "AMBIGUOUS"
          ? context.prisma.problem.findMany({
              ...query,
              where: { id: { in: resolution.candidateIds } },
              orderBy: { stableId: "asc" },
            })
          : [],
    }),
    hint: t.string({
      nullable: true,
      resolve: (resolution) =>
        resolution.status === "NOT_FOUND"
          ? "No problem has this identifier. For free text, call discoverProblems(text:)."
          : resolution.status === "AMBIGUOUS"
            ? "Several problems share this identifier: pick one of `candidates` by stableId."
            : null,
    }),
  }),
});

builder.queryField("problem", (t) =>
  t.field({
    type: ProblemResolutionType,
    description:
      "Exact identity: number (`1`, `#1`, `Erdős 1`, `erdos-1`), stable id, slug, source record id, Lean declaration, " +
      "source URL, alias, statement hash or statement accession (`S12`). Malformed refs fail with code INVALID_REF.",
    args: { ref: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => resolveProblemRef(context.prisma, args.ref),
  }),
);
