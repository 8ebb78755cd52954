// GraphQL over HTTP for tests: one POST per operation, the parsed body and the HTTP status returned.

export interface GraphQLErrorBody {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown> & { code?: string };
}

export interface GraphQLResponse<TData> {
  status: number;
  data: TData | null;
  errors: GraphQLErrorBody[] | undefined;
}

/** Posts `query` to `url`; `token` becomes `Authorization: Bearer <token>`. */
export async function gql<TData = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResponse<TData>> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: TData | null; errors?: GraphQLErrorBody[] };
  return { status: response.status, data: body.data ?? null, errors: body.errors };
}

/** The data of a response that must have succeeded; fails with the errors otherwise. */
export async function gqlData<TData = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<TData> {
  const response = await gql<TData>(url, query, variables, token);
  if (response.errors?.length || response.data === null) {
    throw new Error(`GraphQL request failed (HTTP ${response.status}): ${JSON.stringify(response.errors)}`);
  }
  return response.data;
}
