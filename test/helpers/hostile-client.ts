// Sends hostile operations and bodies over HTTP and graphql-ws and reports, for each, the HTTP status,
// the error codes and how long the answer took. Shared by the bad-input test and `npm run bench:abuse`.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import type { HostileBody, HostileOperation } from "./hostile-operations.js";

export interface Answer {
  name: string;
  transport: "http" | "ws";
  /** HTTP status; over a socket 0. */
  status: number;
  codes: string[];
  ms: number;
  /** Set when no answer came (timeout, socket closed, unparsable response). */
  failure?: string;
}

/** Over a socket a subscription that started fine is stopped after its first result or this long. */
const SOCKET_SETTLE_MS = 300;
const ANSWER_TIMEOUT_MS = 5_000;

function codesOf(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((error) => String((error as { extensions?: { code?: unknown } }).extensions?.code ?? "NO_CODE"));
}

async function post(
  url: string,
  body: string | Uint8Array,
  contentType: string,
  token?: string,
): Promise<{ status: number; codes: string[]; failure?: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "apollo-require-preflight": "true",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  const text = await response.text();
  try {
    return { status: response.status, codes: codesOf((JSON.parse(text) as { errors?: unknown }).errors) };
  } catch {
    return {
      status: response.status,
      codes: [],
      failure: response.status >= 500 ? `non-JSON ${response.status}: ${text.slice(0, 200)}` : undefined,
    };
  }
}

async function timed(
  name: string,
  transport: "http" | "ws",
  send: () => Promise<Omit<Answer, "name" | "transport" | "ms">>,
): Promise<Answer> {
  const started = performance.now();
  try {
    const answer = await send();
    return { name, transport, ms: performance.now() - started, ...answer };
  } catch (error) {
    return {
      name,
      transport,
      status: 0,
      codes: [],
      ms: performance.now() - started,
      failure: (error as Error).message,
    };
  }
}

export function sendOverHttp(url: string, operation: HostileOperation, token?: string): Promise<Answer> {
  return timed(operation.name, "http", () =>
    post(url, JSON.stringify(operation.payload), "application/json", operation.authenticated ? token : undefined),
  );
}

export function sendBody(url: string, body: HostileBody, token?: string): Promise<Answer> {
  return timed(body.name, "http", () =>
    post(url, body.body, body.contentType ?? "application/json", body.authenticated ? token : undefined),
  );
}

export function socketClient(url: string, token?: string): Client {
  return createClient({
    url: url.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
    connectionParams: token ? { authorization: `Bearer ${token}` } : undefined,
  });
}

/** One operation over `client`: its first result (or error), then the operation is completed. */
export function sendOverSocket(client: Client, operation: HostileOperation): Promise<Answer> {
  return timed(operation.name, "ws", async () => {
    const codes: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let settle: NodeJS.Timeout | undefined;
      const timeout = setTimeout(() => {
        stop();
        reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`));
      }, ANSWER_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timeout);
        clearTimeout(settle);
        stop();
        resolve();
      };
      const stop = client.subscribe(
        {
          query: operation.payload.query,
          variables: operation.payload.variables,
          operationName: operation.payload.operationName,
        },
        {
          next: (result) => {
            codes.push(...codesOf(result.errors));
            finish();
          },
          error: (error) => {
            clearTimeout(timeout);
            clearTimeout(settle);
            if (Array.isArray(error)) {
              codes.push(...codesOf(error));
              resolve();
            } else {
              const closed = error as { code?: number; reason?: string; message?: string };
              reject(
                new Error(
                  closed.code ? `socket closed ${closed.code} ${closed.reason ?? ""}` : String(closed.message ?? error),
                ),
              );
            }
          },
          complete: finish,
        },
      );
      settle = setTimeout(finish, ANSWER_TIMEOUT_MS - SOCKET_SETTLE_MS);
      if (operation.payload.query.trimStart().startsWith("subscription")) {
        clearTimeout(settle);
        settle = setTimeout(finish, SOCKET_SETTLE_MS);
      }
    });
    return { status: 0, codes };
  });
}

/** What makes an answer a server fault rather than a client's typed mistake. */
export function faultOf(answer: Answer): string | null {
  if (answer.failure) return answer.failure;
  if (answer.status >= 500 && !answer.codes.includes("SERVICE_UNAVAILABLE")) return `HTTP ${answer.status}`;
  if (answer.codes.includes("INTERNAL_SERVER_ERROR")) return "INTERNAL_SERVER_ERROR";
  if (answer.codes.includes("NO_CODE")) return "an error without a code";
  return null;
}
