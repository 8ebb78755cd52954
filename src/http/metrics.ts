// Prometheus metrics on GET /metrics: operation latency per operation, database pool, the research writes'
// group commit, projection lag per derived view, live subscriptions. One registry per server, so test services never share series.
import type { ApolloServerPlugin } from "@apollo/server";
import type { Request, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Services } from "../graphql/context.js";
import { readFreshness, type ViewFreshness } from "../projections/freshness.js";

/** Distinct operation names kept as label values; later ones count as "other" (cardinality bound). */
const MAX_OPERATION_NAMES = 200;

export interface Metrics {
  registry: Registry;
  plugin: ApolloServerPlugin;
  handler(request: Request, response: Response): Promise<void>;
}

export function createMetrics(services: Services, live: { subscriptions(): number; sockets(): number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const knownNames = new Set<string>();
  const operationLabel = (name: string | null | undefined) => {
    if (!name) return "anonymous";
    if (knownNames.has(name) || knownNames.size < MAX_OPERATION_NAMES) {
      knownNames.add(name);
      return name;
    }
    return "other";
  };
  const latency = new Histogram({
    name: "graphql_operation_duration_seconds",
    help: "Time from receiving a GraphQL operation over HTTP to sending its response.",
    labelNames: ["operation_name", "operation_type", "outcome"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = services.db.pool;
  new Gauge({
    name: "db_pool_connections",
    help: "Connections of the database pool by state (total, idle, waiting requests).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // prom-client collects all metrics concurrently: the three projection gauges share one read per scrape.
  let freshness: { at: number; read: Promise<ViewFreshness[]> } | null = null;
  const readViews = () => {
    if (!freshness || Date.now() - freshness.at > 250)
      freshness = { at: Date.now(), read: readFreshness(services.db.prisma) };
    return freshness.read.catch((error: Error) => {
      services.logger.warn("metrics: cannot read projection freshness", { error: error.message });
      return [] as ViewFreshness[];
    });
  };
  const viewGauge = (name: string, help: string, value: (view: ViewFreshness) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["view"] as const,
      registers: [registry],
      async collect() {
        for (const view of await readViews()) this.set({ view: view.view }, value(view));
      },
    });
  viewGauge("projection_lag_events", "Change events a derived view has not applied yet.", (view) =>
    Number(view.lagEvents),
  );
  viewGauge("projection_high_water_mark", "Last change event a derived view has applied.", (view) =>
    Number(view.highWaterMark),
  );
  viewGauge(
    "projection_serving_version",
    "Serving version of each derived view (-1: never built).",
    (view) => view.version ?? -1,
  );
  new Gauge({
    name: "projection_head_sequence",
    help: "Newest committed change-event sequence.",
    registers: [registry],
    async collect() {
      this.set(Number((await readViews())[0]?.headSequence ?? 0n));
    },
  });
  // The group commit's own counts, as totals: their ratio over a window is how full its statements ran.
  const sent = services.researchWrites.sent;
  new Counter({
    name: "research_write_statements_total",
    help: "Group-commit statements sent for research writes without a transaction of their own.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sent.statements);
    },
  });
  new Counter({
    name: "research_write_batched_total",
    help: "Research writes those statements carried (a retry whose claim was taken, or a refused writer, included).",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sent.writes);
    },
  });
  new Gauge({
    name: "graphql_subscriptions_active",
    help: "Operations running over graphql-ws.",
    registers: [registry],
    collect() {
      this.set(live.subscriptions());
    },
  });
  new Gauge({
    name: "websocket_connections_active",
    help: "Open graphql-ws connections.",
    registers: [registry],
    collect() {
      this.set(live.sockets());
    },
  });
  return {
    registry,
    plugin: {
      async requestDidStart() {
        const started = process.hrtime.bigint();
        return {
          async willSendResponse({ operationName, operation, response }) {
            const failed = response.body.kind === "single" && (response.body.singleResult.errors?.length ?? 0) > 0;
            latency.observe(
              {
                operation_name: operationLabel(operationName),
                operation_type: operation?.operation ?? "unknown",
                outcome: failed ? "error" : "ok",
              },
              Number(process.hrtime.bigint() - started) / 1e9,
            );
          },
        };
      },
    },
    async handler(_request, response) {
      response.setHeader("content-type", registry.contentType);
      response.end(await registry.metrics());
    },
  };
}
