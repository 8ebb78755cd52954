// GET /health: 200 when the database answers and every migration is applied, 503 otherwise.
import type { Request, Response } from "express";
import type { Services } from "../graphql/context.js";
import { migrationsAreApplied } from "../platform/db/migrate.js";

export function healthHandler(services: Services) {
  return async (_request: Request, response: Response) => {
    try {
      const migrated = await migrationsAreApplied(services.db.pool);
      const head = await services.db.pool.query<{ head: string | null }>(
        "SELECT max(sequence)::text AS head FROM change_events",
      );
      response.status(migrated ? 200 : 503).json({
        status: migrated ? "ok" : "migrations_pending",
        database: services.db.kind,
        migrations: migrated ? "applied" : "pending",
        headSequence: head.rows[0]?.head ?? "0",
      });
    } catch (error) {
      response.status(503).json({ status: "unavailable", database: services.db.kind, error: (error as Error).message });
    }
  };
}
