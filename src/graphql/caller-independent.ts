// The field extension by which a subscription field says that what it sends depends only on the event and
// the operation, never on the caller; graphql-ws then executes each event once for all identical operations.

/**
 * Set it (`extensions: { [SAME_FOR_EVERY_CALLER]: true }`) only when the caller is checked and the events
 * filtered in the field's `subscribe`, and no field of what it yields reads the caller (context.auth).
 */
export const SAME_FOR_EVERY_CALLER = "sameForEveryCaller";
