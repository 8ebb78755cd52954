// The operator commands as a running service's ADMIN mutations: what `npm run operator -- … --url`
// uses, so operators can be managed while the service holds the embedded database.
import type { OperatorRow } from "../features/operators/commands/operator-admin.commands.js";

const FIELDS = "name role createdAt expiresAt revokedAt";

export class RemoteOperatorError extends Error {
  override readonly name = "RemoteOperatorError";
}

export interface OperatorBackend {
  list(): Promise<OperatorRow[]>;
  create(name: string, role: string, expiresAt: Date | null): Promise<{ operator: OperatorRow; token: string }>;
  revoke(name: string): Promise<{ operator: OperatorRow; changed: boolean }>;
  rotate(name: string, expiresAt: Date | null | undefined): Promise<{ operator: OperatorRow; token: string }>;
}

type Row = Omit<OperatorRow, "id" | "createdAt" | "expiresAt" | "revokedAt"> & {
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
};

const toRow = (row: Row): OperatorRow => ({
  id: "",
  name: row.name,
  role: row.role,
  createdAt: new Date(row.createdAt),
  expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
  revokedAt: row.revokedAt ? new Date(row.revokedAt) : null,
});

const days = (expiresAt: Date | null | undefined) =>
  expiresAt ? Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 86_400_000)) : null;

export function remoteOperators(url: string, token: string): OperatorBackend {
  async function call<T>(query: string, variables: Record<string, unknown>, field: string): Promise<T> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    }).catch((error: unknown) => {
      throw new RemoteOperatorError(`cannot reach ${url}: ${(error as Error).message}`);
    });
    const body = (await response.json().catch(() => ({}))) as {
      data?: Record<string, Record<string, unknown>>;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    if (body.errors?.length)
      throw new RemoteOperatorError(
        body.errors.map((error) => `${error.extensions?.code ?? "ERROR"}: ${error.message}`).join("; "),
      );
    const result = body.data?.[field];
    if (result && typeof result === "object" && "code" in result && "message" in result)
      throw new RemoteOperatorError(`${String(result.code)}: ${String(result.message)}`);
    return result as T;
  }
  const payload = `... on ResearchError { code message }`;
  return {
    list: async () => (await call<Row[]>(`{ operators { ${FIELDS} } }`, {}, "operators")).map(toRow),
    create: async (name, role, expiresAt) => {
      const result = await call<{ operator: Row; token: string }>(
        `mutation($n: String!, $r: OperatorRole!, $d: Int) { createOperator(name: $n, role: $r, expiresInDays: $d) { ... on OperatorTokenPayload { token operator { ${FIELDS} } } ${payload} } }`,
        { n: name, r: role.toUpperCase(), d: days(expiresAt) },
        "createOperator",
      );
      return { operator: toRow(result.operator), token: result.token };
    },
    revoke: async (name) => {
      const result = await call<{ operator: Row; changed: boolean }>(
        `mutation($n: String!) { revokeOperator(name: $n) { ... on OperatorChangePayload { changed operator { ${FIELDS} } } ${payload} } }`,
        { n: name },
        "revokeOperator",
      );
      return { operator: toRow(result.operator), changed: result.changed };
    },
    rotate: async (name, expiresAt) => {
      const result = await call<{ operator: Row; token: string }>(
        `mutation($n: String!, $d: Int) { rotateOperatorToken(name: $n, expiresInDays: $d) { ... on OperatorTokenPayload { token operator { ${FIELDS} } } ${payload} } }`,
        { n: name, d: days(expiresAt) },
        "rotateOperatorToken",
      );
      return { operator: toRow(result.operator), token: result.token };
    },
  };
}
