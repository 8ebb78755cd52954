// What the telemetry feature adds to the services every request sees (src/graphql/context.ts).
import type { ImpressionWriter } from "../domain/impressions.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** The database's one search-impression writer: recordUse flushes it before it looks an impression up. */
    impressions: ImpressionWriter;
  }
}
