// What the identity feature adds to the services every request sees (src/graphql/context.ts).
import type { IdentityService } from "../queries/identity.service.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** The catalogue's exact identity in memory, kept current by the change stream. */
    identity: IdentityService;
  }
}
