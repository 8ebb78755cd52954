// What a change event is about, for people reading a feed: the record's title and kind, its project and
// its problem. Resolved for a whole batch of events at once: one statement on the pg pool (the research
// objects, projects and problems it names, each as a JSON array), whatever the batch's size, and once for
// all subscribers of one notice. It runs on every notice a subscriber sees, so not as three Prisma queries.
import DataLoader from "dataloader";
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { ChangeEventRow } from "./change-events.js";

export interface EventSubject {
  title: string | null;
  /** A research kind (LEMMA...), a relation type, or the resource type (problem, project, advisory). */
  kind: string;
  /** `R123` for research objects; null otherwise. */
  accession: string | null;
  state: string | null;
  projectId: string | null;
  projectName: string | null;
  problemStableId: string | null;
  problemTitle: string | null;
}

type Payload = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : null);

interface SubjectRows {
  objects: { id: string; accession: number; kind: string; title: string; state: string }[];
  projects: { id: string; name: string }[];
  problems: { id: string; stableId: string; title: string }[];
}

const SUBJECTS_SQL = `SELECT
  (SELECT coalesce(json_agg(json_build_object('id', o.id, 'accession', o.accession, 'kind', o.kind,
     'title', o.title, 'state', o.state)), '[]') FROM research_objects o WHERE o.id = ANY($1::uuid[])) AS objects,
  (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name)), '[]')
     FROM projects p WHERE p.id = ANY($2::uuid[])) AS projects,
  (SELECT coalesce(json_agg(json_build_object('id', t.id, 'stableId', t.stable_id, 'title', t.title)), '[]')
     FROM problems t WHERE t.id = ANY($3::uuid[])) AS problems`;

export async function loadEventSubjects(pool: pg.Pool, rows: readonly ChangeEventRow[]): Promise<EventSubject[]> {
  const objectIds = [
    ...new Set(rows.filter((row) => row.resourceType === "research_object").map((row) => row.resourceId)),
  ];
  const projectIds = [
    ...new Set(
      rows.flatMap((row) => (row.projectId ? [row.projectId] : row.resourceType === "project" ? [row.resourceId] : [])),
    ),
  ];
  const problemIds = [...new Set(rows.flatMap((row) => (row.routingTargetId ? [row.routingTargetId] : [])))];
  // A named statement on the pool, as the other per-request reads (planned once per connection).
  const result = await pool.query<SubjectRows>({
    name: "event-subjects",
    text: SUBJECTS_SQL,
    values: [objectIds, projectIds, problemIds],
  });
  const { objects, projects, problems } = result.rows[0]!;
  const objectById = new Map(objects.map((object) => [object.id, object]));
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const problemById = new Map(problems.map((problem) => [problem.id, problem]));
  return rows.map((row) => {
    const payload = (
      row.payload && typeof row.payload === "object" && !Array.isArray(row.payload) ? row.payload : {}
    ) as Payload;
    const projectId = row.projectId ?? (row.resourceType === "project" ? row.resourceId : null);
    const project = projectId ? projectById.get(projectId) : undefined;
    const problem = row.routingTargetId ? problemById.get(row.routingTargetId) : undefined;
    const base = {
      accession: null,
      state: null,
      projectId,
      projectName: project?.name ?? null,
      problemStableId: problem?.stableId ?? text(payload.stableId) ?? text(payload.problemStableId),
      problemTitle: problem?.title ?? null,
    };
    switch (row.resourceType) {
      case "research_object": {
        const object = objectById.get(row.resourceId);
        return {
          ...base,
          title: object?.title ?? null,
          kind: object?.kind ?? text(payload.kind) ?? row.resourceType,
          accession: object ? `R${object.accession}` : text(payload.accession),
          state: object?.state ?? null,
        };
      }
      case "research_relation":
        return {
          ...base,
          title: payload.from && payload.to ? `${String(payload.from)} → ${String(payload.to)}` : null,
          kind: text(payload.type) ?? row.resourceType,
        };
      case "problem":
        return { ...base, title: problem?.title ?? null, kind: "problem" };
      case "project":
        return { ...base, title: project?.name ?? text(payload.name), kind: "project" };
      case "advisory":
        return { ...base, title: text(payload.kind), kind: "advisory" };
      default:
        return { ...base, title: null, kind: row.resourceType };
    }
  });
}

/**
 * A delivered event's subject shared by every subscriber it is delivered to within this long after the
 * first asked: one notice reaches all of them within milliseconds, so 200 subscribers cost one statement,
 * not 200; a replay later than this reads again, so titles stay as fresh as they were.
 */
const SHARED_FOR_MS = 1_000;

interface SharedSubject {
  subject: Promise<EventSubject>;
  /** When the load finished; null while it runs (a running load is always shared). */
  loadedAt: number | null;
}

/**
 * Subjects of the events the change feed hands out, per process (src/service.ts builds it). Keyed by
 * the row object: rows of the feed's buffer are one object per event for every subscriber, whereas a
 * catch-up or replay read makes its own rows and so its own load. It returns only the subjects of the
 * rows a caller passes (rows its subscription already let through), so sharing shows nobody more.
 */
export class SharedEventSubjects {
  private readonly subjects = new WeakMap<ChangeEventRow, SharedSubject>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  /** Subjects of `rows` in order: one statement for the rows nobody asked for within SHARED_FOR_MS. */
  load(rows: readonly ChangeEventRow[]): Promise<EventSubject[]> {
    const now = this.now();
    const missing = rows.filter((row) => {
      const shared = this.subjects.get(row);
      return !shared || (shared.loadedAt !== null && now - shared.loadedAt > SHARED_FOR_MS);
    });
    if (missing.length > 0) {
      const batch = loadEventSubjects(this.pool, missing);
      for (const [index, row] of missing.entries()) {
        const shared: SharedSubject = { subject: batch.then((subjects) => subjects[index]!), loadedAt: null };
        this.subjects.set(row, shared);
        batch.then(
          () => (shared.loadedAt = this.now()),
          () => this.subjects.get(row) === shared && this.subjects.delete(row), // the next caller tries again
        );
      }
    }
    return Promise.all(rows.map((row) => this.subjects.get(row)!.subject));
  }

  /**
   * The subject loader of one operation (the GraphQL context holds it): it batches what one execution
   * asks for and caches nothing itself, so a long subscription sees renamed titles.
   */
  readonly loader: (prisma: PrismaClient) => DataLoader<ChangeEventRow, EventSubject> = () =>
    new DataLoader((rows) => this.load(rows), { cache: false });
}
