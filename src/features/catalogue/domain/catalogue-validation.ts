// Validates catalogue problems written in our own JSON format (the bundled fixture, exports), so
// hand-edited files fail with a typed error that names the entry and field instead of loading half.

import { CatalogueImportError, type CatalogueImportErrorLocation } from "./catalogue.errors.js";
import type {
  CatalogueFormalDeclaration,
  CatalogueProblem,
  CatalogueSource,
  CatalogueWording,
  PublicationState,
  ResolutionState,
} from "./catalogue.types.js";
import { RecordFields } from "./record-fields.js";

const RESOLUTION_STATES: readonly ResolutionState[] = [
  "OPEN",
  "PROVED",
  "DISPROVED",
  "SOLVED",
  "FALSIFIABLE",
  "VERIFIABLE",
  "DECIDABLE",
  "NOT_PROVABLE",
  "NOT_DISPROVABLE",
  "INDEPENDENT",
  "UNKNOWN",
];
const PUBLICATION_STATES: readonly PublicationState[] = [
  "PUBLISHED",
  "CHALLENGE_PERIOD",
  "PENDING_REVIEW",
  "CATALOGUED",
  "WITHDRAWN",
];
const SOURCE_KINDS: readonly CatalogueSource["kind"][] = [
  "ERDOS_DATABASE",
  "ERDOS_SITE",
  "FORMAL_CONJECTURES",
  "URL",
  "FIXTURE",
];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLLECTION = /^[a-z0-9]+$/;
const OEIS_ID = /^A\d{6}$/;

/** Reads and checks a whole list; throws on the first bad entry or on a repeated stable id or slug. */
export function validateCatalogueProblems(value: unknown, fileName: string): CatalogueProblem[] {
  if (!Array.isArray(value)) {
    throw new CatalogueImportError("INVALID_RECORD", { fileName }, "the catalogue must be a JSON array of problems");
  }
  const problems = value.map((item, index) => readCatalogueProblem(item, { fileName, entry: index + 1 }));
  rejectDuplicates(problems, fileName);
  return problems;
}

export function readCatalogueProblem(value: unknown, location: CatalogueImportErrorLocation): CatalogueProblem {
  const fields = RecordFields.of(value, location);
  const slug = fields.string("slug");
  if (!SLUG.test(slug)) fields.fail("slug", `must be lower-case words joined by hyphens, got ${JSON.stringify(slug)}`);
  const collection = fields.string("collection");
  if (!COLLECTION.test(collection))
    fields.fail("collection", `must be a lower-case key, got ${JSON.stringify(collection)}`);
  const oeisIds = fields.stringArray("oeisIds");
  const badOeis = oeisIds.find((id) => !OEIS_ID.test(id));
  if (badOeis !== undefined)
    fields.fail("oeisIds", `must hold A-numbers like "A000040", got ${JSON.stringify(badOeis)}`);
  const problem: CatalogueProblem = {
    stableId: nonEmpty(fields, "stableId"),
    collection,
    number: fields.nullableInteger("number"),
    slug,
    title: nonEmpty(fields, "title"),
    statement: fields.nullableString("statement"),
    definitions: fields.optionalList("definitions", (item, path) => {
      const definition = RecordFields.of(item, location, path);
      return { term: nonEmpty(definition, "term"), text: nonEmpty(definition, "text") };
    }),
    tags: fields.stringArray("tags"),
    prize: fields.nullableString("prize"),
    oeisIds,
    comments: fields.nullableString("comments"),
    remarks: fields.optionalString("remarks"),
    resolutionState: fields.oneOf("resolutionState", RESOLUTION_STATES),
    resolutionNote: fields.nullableString("resolutionNote"),
    formalizedSolution: fields.boolean("formalizedSolution"),
    publicationState: fields.oneOf("publicationState", PUBLICATION_STATES),
    sourceUpdatedAt: fields.nullableString("sourceUpdatedAt"),
    acceptanceConditions: fields.nullableString("acceptanceConditions"),
    aliases: fields.stringArray("aliases"),
    sources: fields.optionalList("sources", (item, path) => readSource(RecordFields.of(item, location, path))),
    wordings: fields.optionalList("wordings", (item, path) => readWording(RecordFields.of(item, location, path))),
    formalDeclarations: fields.optionalList("formalDeclarations", (item, path) =>
      readDeclaration(RecordFields.of(item, location, path)),
    ),
  };
  if (problem.publicationState === "PUBLISHED" && problem.statement === null) {
    fields.fail("statement", "must be present when publicationState is PUBLISHED");
  }
  return problem;
}

function readSource(fields: RecordFields): CatalogueSource {
  return {
    kind: fields.oneOf("kind", SOURCE_KINDS),
    recordId: nonEmpty(fields, "recordId"),
    url: fields.nullableString("url"),
    title: fields.nullableString("title"),
  };
}

function readWording(fields: RecordFields): CatalogueWording {
  return {
    text: nonEmpty(fields, "text"),
    origin: nonEmpty(fields, "origin"),
    declarationNames: fields.optionalStringArray("declarationNames"),
  };
}

function readDeclaration(fields: RecordFields): CatalogueFormalDeclaration {
  return {
    declName: nonEmpty(fields, "declName"),
    kind: nonEmpty(fields, "kind"),
    statement: nonEmpty(fields, "statement"),
    docstring: fields.nullableString("docstring"),
    category: fields.nullableString("category"),
    file: fields.nullableString("file"),
    line: fields.nullableInteger("line"),
    pinnedWorld: nonEmpty(fields, "pinnedWorld"),
    hasAnswerPlaceholder: fields.boolean("hasAnswerPlaceholder"),
    proofUsesSorry: fields.boolean("proofUsesSorry"),
  };
}

function nonEmpty(fields: RecordFields, key: string): string {
  const value = fields.string(key);
  if (value.trim() === "") fields.fail(key, "must not be empty");
  return value;
}

function rejectDuplicates(problems: CatalogueProblem[], fileName: string): void {
  for (const key of ["stableId", "slug"] as const) {
    const seen = new Map<string, number>();
    problems.forEach((problem, index) => {
      const earlier = seen.get(problem[key]);
      if (earlier !== undefined) {
        throw new CatalogueImportError(
          "DUPLICATE_RECORD",
          { fileName, entry: index + 1 },
          `${key} ${JSON.stringify(problem[key])} is already used by entry ${earlier}`,
        );
      }
      seen.set(problem[key], index + 1);
    });
  }
}
