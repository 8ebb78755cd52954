// Relay global ids of this service: base64 of `Typename:uuid`. One decoder for `node`, `nodes`,
// `_entities` and every ref argument, so a malformed id is always a typed INVALID_ID, never a crash.
import { decodeGlobalID } from "@pothos/plugin-relay";
import { InvalidInputError } from "../platform/errors/domain-error.js";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every node type's id column is a uuid, so anything else can be refused before a query. */
export const NODE_TYPENAMES = ["Problem", "Project", "ResearchObject", "MemoryBranch"] as const;
export type NodeTypename = (typeof NODE_TYPENAMES)[number];

/** Longer than any id this service issues; keeps an oversized string out of error messages. */
const MAX_GLOBAL_ID_LENGTH = 200;

function invalid(globalId: string, reason: string, field: string): InvalidInputError {
  const shown = globalId.length > 60 ? `${globalId.slice(0, 60)}…` : globalId;
  return new InvalidInputError(`Invalid id "${shown}": ${reason}`, field, "INVALID_ID");
}

/** Decodes a global id of a known node type, or throws a typed INVALID_ID. */
export function decodeNodeId(globalId: string, field = "id"): { typename: NodeTypename; id: string } {
  if (typeof globalId !== "string" || globalId.length === 0 || globalId.length > MAX_GLOBAL_ID_LENGTH) {
    throw invalid(String(globalId), "not a global id", field);
  }
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(globalId);
  } catch {
    throw invalid(globalId, "not a global id", field);
  }
  if (!(NODE_TYPENAMES as readonly string[]).includes(decoded.typename)) {
    throw invalid(globalId, `unknown type ${decoded.typename.slice(0, 40)}`, field);
  }
  if (!UUID.test(decoded.id)) throw invalid(globalId, "its key is not a uuid", field);
  return { typename: decoded.typename as NodeTypename, id: decoded.id.toLowerCase() };
}

/** Decodes a global id that must name `typename`. */
export function decodeIdOf(typename: NodeTypename, globalId: string, field = "id"): string {
  const decoded = decodeNodeId(globalId, field);
  if (decoded.typename !== typename)
    throw invalid(globalId, `a ${decoded.typename} id where a ${typename} id is expected`, field);
  return decoded.id;
}

/** A global id of `typename` or a raw uuid; null when it is neither (the caller decides what that means). */
export function uuidOf(typename: NodeTypename, ref: string): string | null {
  if (UUID.test(ref)) return ref.toLowerCase();
  try {
    return decodeIdOf(typename, ref);
  } catch {
    return null;
  }
}
