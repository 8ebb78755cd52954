// What the memory feature adds to the services every request sees (src/graphql/context.ts).
import type { MemberCursorKey } from "../domain/cursor-secret.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** The member-cursor signing key, loaded from the database once per process. */
    memberCursorKey: MemberCursorKey;
  }
}
