// Writes an orient fixture through the real use cases (createProject, recordResearch) into any
// database, then lets the memory projection catch up, and returns the key -> id/accession maps.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import type { PrismaClient } from "../../../src/generated/prisma/client.js";
import type { EventNotifier } from "../../../src/events/notifier.js";
import { importCatalogue } from "../../../src/features/catalogue/domain/import-catalogue.js";
import type { AuthenticatedOperator } from "../../../src/platform/auth/caller.js";
import { createProject } from "../../../src/features/research/commands/create-project.command.js";
import { recordResearch } from "../../../src/features/research/commands/record-research.command.js";
import { maintainProblemDocuments } from "../../../src/features/discovery/projection/problem-documents.js";
import { drainView } from "../../../src/projections/worker.js";
import { createMemoryProjector } from "../../../src/features/memory/projection/memory-projector.js";
import type { OrientFixture } from "./orient-fixture.types.js";
import { createProjectionRegistry } from "../../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

export const ORIENT_FIXTURE_DIR = fileURLToPath(new URL("../../../fixtures/orient/", import.meta.url));

export function readOrientFixture(name: string): OrientFixture {
  return JSON.parse(readFileSync(`${ORIENT_FIXTURE_DIR}${name}.json`, "utf8")) as OrientFixture;
}

export interface LoadedFixture {
  projects: Map<string, string>;
  objects: Map<string, { id: string; accession: string }>;
  /** Object id -> fixture key, for scoring packets against gold labels. */
  keysById: Map<string, string>;
}

export interface LoadFixtureProps {
  prisma: PrismaClient;
  pool: pg.Pool;
  notifier: EventNotifier;
  operator: AuthenticatedOperator;
  fixture: OrientFixture;
}

export async function loadOrientFixture({
  prisma,
  pool,
  notifier,
  operator,
  fixture,
}: LoadFixtureProps): Promise<LoadedFixture> {
  if (fixture.catalogue?.length)
    await importCatalogue({ inlineViews, prisma, problems: fixture.catalogue, afterWrite: maintainProblemDocuments });
  const projects = new Map<string, string>();
  for (const project of fixture.projects) {
    const result = await createProject({
      prisma,
      notifier,
      inlineViews,
      operator,
      input: { problemRef: project.problemRef, name: project.name, idempotencyKey: `${fixture.name}:${project.key}` },
    });
    projects.set(project.key, result.project.id);
  }
  const objects = new Map<string, { id: string; accession: string }>();
  const ref = (key: string) => {
    const object = objects.get(key);
    if (!object) throw new Error(`fixture ${fixture.name}: ${key} is used before it is written`);
    return object.accession;
  };
  for (const object of fixture.objects) {
    const { object: row } = await recordResearch({
      prisma,
      pool,
      notifier,
      inlineViews,
      operator,
      input: {
        projectId: projects.get(object.project)!,
        kind: object.kind,
        title: object.title,
        body: object.body,
        evidenceGrade: object.evidenceGrade ?? null,
        branch: object.branch ?? null,
        artifact: object.artifact ?? null,
        formal: object.formal ?? null,
        relations: (object.relations ?? []).map((relation) => ({ type: relation.type, target: ref(relation.target) })),
        supersedes: (object.supersedes ?? []).map(ref),
        idempotencyKey: `${fixture.name}:${object.key}`,
      },
    });
    objects.set(object.key, { id: row.id, accession: `R${row.accession}` });
  }
  await drainView(pool, createMemoryProjector());
  return { projects, objects, keysById: new Map([...objects].map(([key, value]) => [value.id, key])) };
}
