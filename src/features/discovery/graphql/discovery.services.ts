// What the discovery feature adds to the services every request sees (src/graphql/context.ts).
import type { DiscoveryService } from "../domain/discovery-service.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** The serving discovery index, rebuilt in the background as the catalogue changes. */
    discovery: DiscoveryService;
  }
}
