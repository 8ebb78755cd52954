// What the premises feature adds to the services every request sees (src/graphql/context.ts).
import type { PremiseService } from "../domain/premise-service.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** The loaded premise index and context recipes. */
    premises: PremiseService;
  }
}
