// What a client did wrong with its request body, as body-parser reports it: one reading for the GraphQL
// route (a GraphQL error) and MCP (a JSON-RPC error), so both name the same failures the same way.

/** What body-parser's errors carry: its `type` names the failure. */
export interface BodyError extends Error {
  type?: string;
}

export interface BodyFailure {
  status: 400 | 413;
  /** Over the limit; not JSON (or JSON that is not an object or array); an encoding or charset not read; cut short. */
  kind: "TOO_LARGE" | "NOT_JSON" | "UNSUPPORTED" | "TRUNCATED";
  message: string;
}

/** The client's mistake in `error`, or null for a failure that is not the client's (the caller rethrows it). */
export function bodyFailure(error: BodyError, maxBodyBytes: number): BodyFailure | null {
  switch (error.type) {
    case "entity.too.large":
      return { status: 413, kind: "TOO_LARGE", message: `Request body larger than ${maxBodyBytes} bytes` };
    case "entity.parse.failed":
      return { status: 400, kind: "NOT_JSON", message: "The request body is not valid JSON" };
    case "encoding.unsupported":
      return { status: 400, kind: "UNSUPPORTED", message: `${error.message}: send gzip, deflate, br or identity` };
    case "charset.unsupported":
      return { status: 400, kind: "UNSUPPORTED", message: `${error.message}: send UTF-8 JSON` };
    case "request.size.invalid":
      return { status: 400, kind: "TRUNCATED", message: "The request body's length does not match its Content-Length" };
    default:
      return null;
  }
}
