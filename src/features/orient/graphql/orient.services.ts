// What the orient feature adds to the services every request sees (src/graphql/context.ts).
import type { OrientService } from "../queries/orient.service.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** Orient's statement runner and per-database caches (created in service.ts, which documents their lifetime). */
    orient: OrientService;
  }
}
