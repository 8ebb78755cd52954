// The Problem type (Relay node and federation entity) and the `problems` connection.
import type { Prisma } from "../../../generated/prisma/client.js";
import { builder } from "../../../graphql/builder.js";
import { decodeIdOf } from "../../../graphql/global-ids.js";
import { PublicationStateEnum, ResolutionStateEnum } from "./problem-enums.js";
import { defaultAcceptanceConditions } from "../domain/acceptance.js";
import { settledPublication } from "../../intake/domain/challenge-period.js";
import type { PublicationState } from "../../../generated/prisma/enums.js";

interface Definition {
  term: string;
  text: string;
}

const DefinitionType = builder.objectRef<Definition>("Definition").implement({
  description: "A term the statement relies on, with its definition.",
  fields: (t) => ({ term: t.exposeString("term"), text: t.exposeString("text") }),
});

export const AdvisoryType = builder.prismaObject("Advisory", {
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.exposeString("kind"),
    message: t.exposeString("message"),
    blocking: t.exposeBoolean("blocking"),
    raisedAt: t.expose("raisedAt", { type: "DateTime" }),
    resolvedAt: t.expose("resolvedAt", { type: "DateTime", nullable: true }),
    resolution: t.exposeString("resolution", { nullable: true }),
  }),
});

export const ProblemType = builder.prismaNode("Problem", {
  id: { field: "id" },
  description: "A canonical problem: the unit every project and research object is routed to.",
  fields: (t) => ({
    stableId: t.exposeString("stableId", { description: "Stable identifier, e.g. `cp:erdos:1`." }),
    collection: t.exposeString("collection"),
    number: t.exposeInt("number", { nullable: true }),
    slug: t.exposeString("slug"),
    title: t.exposeString("title"),
    statement: t.exposeString("statement", { nullable: true }),
    statementHash: t.exposeString("statementHash", { nullable: true }),
    statementFamily: t.relation("statementFamily", { nullable: true }),
    definitions: t.field({
      type: [DefinitionType],
      resolve: (problem) =>
        Array.isArray(problem.definitions) ? (problem.definitions as unknown as Definition[]) : [],
    }),
    tags: t.exposeStringList("tags"),
    prize: t.exposeString("prize", { nullable: true }),
    oeisIds: t.exposeStringList("oeisIds"),
    comments: t.exposeString("comments", { nullable: true }),
    remarks: t.exposeString("remarks", {
      nullable: true,
      description:
        "The source's remarks printed under the statement (history, partial results, citations as `[Key]`); searched by discovery.",
    }),
    resolutionState: t.expose("resolutionState", { type: ResolutionStateEnum }),
    resolutionNote: t.exposeString("resolutionNote", { nullable: true }),
    formalizedSolution: t.exposeBoolean("formalizedSolution"),
    publicationState: t.field({
      type: PublicationStateEnum,
      description:
        "Read at request time: a challenge period whose deadline passed reads as ended even before the sweep records it.",
      // The same selection as sourceIntegrity, so asking for both loads the open advisories once.
      select: { advisories: { where: { resolvedAt: null }, orderBy: { raisedAt: "asc" } } },
      resolve: (problem) =>
        settledPublication(
          {
            publicationState: problem.publicationState,
            challengeDeadline: problem.challengeDeadline,
            openAdvisoryCount: problem.advisories.length,
          },
          new Date(),
        ) as PublicationState,
    }),
    mergedInto: t.relation("mergedInto", {
      nullable: true,
      description: "The surviving problem when this one is MERGED.",
    }),
    challengeDeadline: t.expose("challengeDeadline", { type: "DateTime", nullable: true }),
    acceptanceConditions: t.string({
      resolve: (problem) => problem.acceptanceConditions ?? defaultAcceptanceConditions(problem),
    }),
    sourceUpdatedAt: t.expose("sourceUpdatedAt", { type: "DateTime", nullable: true }),
    sourceIntegrity: t.field({
      type: SourceIntegrityType,
      select: { advisories: { where: { resolvedAt: null }, orderBy: { raisedAt: "asc" } } },
      resolve: (problem) => ({
        blocking: problem.advisories.some((advisory) => advisory.blocking),
        advisories: problem.advisories,
      }),
    }),
    sources: t.relation("sources", { query: { orderBy: { recordId: "asc" } } }),
    formalDeclarations: t.relation("formalDeclarations", { query: { orderBy: [{ file: "asc" }, { line: "asc" }] } }),
    aliases: t.stringList({
      select: { identifiers: { where: { kind: "ALIAS" }, select: { display: true }, orderBy: { display: "asc" } } },
      resolve: (problem) => problem.identifiers.map((identifier) => identifier.display),
    }),
    projects: t.relatedConnection("projects", { cursor: "id", totalCount: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

type AdvisoryRow = Prisma.AdvisoryGetPayload<object>;

const SourceIntegrityType = builder
  .objectRef<{ blocking: boolean; advisories: AdvisoryRow[] }>("SourceIntegrity")
  .implement({
    description: "Open advisories on the statement or its sources; `blocking` pauses PROVE, RESOLVE and BOUNTY work.",
    fields: (t) => ({
      blocking: t.exposeBoolean("blocking"),
      advisories: t.field({ type: [AdvisoryType], resolve: (integrity) => integrity.advisories }),
    }),
  });

builder.prismaObject("StatementFamily", {
  description: "A statement family groups the wordings of one statement; its accession reads `S12`.",
  fields: (t) => ({
    id: t.exposeID("id"),
    accession: t.string({ resolve: (family) => `S${family.accession}` }),
    statements: t.relation("statements", { query: { orderBy: { createdAt: "asc" } } }),
  }),
});

builder.prismaObject("ProblemStatement", {
  fields: (t) => ({
    text: t.exposeString("text"),
    hash: t.exposeString("hash"),
    origin: t.exposeString("origin", {
      description:
        "Where the wording comes from: `ERDOS_SITE`, `ERDOS_SITE_REVISION` (a later site wording), `FORMAL_CONJECTURES`, ...",
    }),
    declarationNames: t.exposeStringList("declarationNames", {
      description: "The Lean declarations whose docstring this wording is.",
    }),
    canonical: t.boolean({
      description:
        "Whether this is the problem's canonical statement; the other wordings of the family are kept beside it (docs/catalogue.md).",
      select: {
        hash: true,
        familyId: true,
        family: { select: { problem: { select: { statementHash: true, statementFamilyId: true } } } },
      },
      resolve: (wording) =>
        wording.family.problem.statementFamilyId === wording.familyId &&
        wording.family.problem.statementHash === wording.hash,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.prismaObject("ProblemSource", {
  fields: (t) => ({
    kind: t.exposeString("kind"),
    recordId: t.exposeString("recordId"),
    url: t.exposeString("url", { nullable: true }),
    title: t.exposeString("title", { nullable: true }),
  }),
});

builder.prismaObject("FormalDeclaration", {
  description: "A Lean declaration of the problem, pinned to the repository commit it was read from.",
  fields: (t) => ({
    declName: t.exposeString("declName"),
    kind: t.exposeString("kind"),
    statement: t.exposeString("statement"),
    docstring: t.exposeString("docstring", { nullable: true }),
    category: t.exposeString("category", { nullable: true }),
    file: t.exposeString("file", { nullable: true }),
    line: t.exposeInt("line", { nullable: true }),
    pinnedWorld: t.exposeString("pinnedWorld"),
    hasAnswerPlaceholder: t.exposeBoolean("hasAnswerPlaceholder"),
    proofUsesSorry: t.exposeBoolean("proofUsesSorry"),
  }),
});

builder.asEntity(ProblemType, {
  // The opaque global id, and the public identity other subgraphs know a problem by (`cp:erdos:1`).
  key: [builder.selection<{ id: string }>("id"), builder.selection<{ stableId: string }>("stableId")],
  // async: a malformed representation rejects its own item (null + INVALID_ID), not the batch.
  resolveReference: async (reference, context) =>
    "id" in reference
      ? context.prisma.problem.findUnique({ where: { id: decodeIdOf("Problem", reference.id) } })
      : context.prisma.problem.findUnique({ where: { stableId: reference.stableId } }),
});
