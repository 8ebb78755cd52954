// What the freshness feature adds to the services every request sees (src/graphql/context.ts).
import type { FreshnessFeed } from "../../../projections/freshness-feed.js";
import type { ServiceMonitor } from "../../../projections/service-monitor.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** One reader of view freshness for every freshness subscriber in the process. */
    freshness: FreshnessFeed;
    /** This instance's lag history, events per minute, worker health and rebuild progress (the dashboard). */
    monitor: ServiceMonitor;
  }
}
