// `problem(ref)`: exact identity. Resolves every identifier form; never searches free text.
// The resolution, and the row of a scalar-only `problem` or `mergedFrom`, come from the identity index in memory.
import { builder } from "../../../graphql/builder.js";
import type { Context } from "../../../graphql/context.js";
import type { Problem } from "../../../generated/prisma/client.js";
import { IdentityKindEnum } from "../../problems/graphql/problem-enums.js";
import type { ProblemRefResolution } from "../domain/resolve-problem-ref.js";

/**
 * Pothos passes `{}` when the selection under a Problem needs no relation: every scalar is enough, and the
 * index holds every scalar of every problem. Anything more (relations, advisories) reads the database.
 */
function indexedRow(query: object, context: Context, id: string): Problem | undefined {
  return Object.keys(query).length === 0 ? (context.services.identity.problem(id) as Problem | undefined) : undefined;
}

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
          ? (indexedRow(query, context, resolution.problemId) ??
            context.prisma.problem.findUnique({ ...query, where: { id: resolution.problemId } }))
          : null,
    }),
    mergedFrom: t.prismaField({
      type: "Problem",
      nullable: true,
      description:
        "Set when the ref names a problem that was merged: that problem (state MERGED); `problem` is its survivor.",
      resolve: (query, resolution, _args, context) =>
        resolution.mergedFromId
          ? (indexedRow(query, context, resolution.mergedFromId) ??
            context.prisma.problem.findUnique({ ...query, where: { id: resolution.mergedFromId } }))
          : null,
    }),
    candidates: t.prismaField({
      type: ["Problem"],
      description: "Every problem the ref names when it is AMBIGUOUS; choose one and pass its stableId.",
      // Read from the database: its collation orders the candidates, and an ambiguous ref is rare.
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
    resolve: (_root, args, context) => context.services.identity.resolve(args.ref),
  }),
);
