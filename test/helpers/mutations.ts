// Mutations over HTTP for tests: a mutation's single result field, either its payload or its typed
// error (the Pothos errors-plugin union), with helpers that insist on one or the other.
import { gql, type GraphQLResponse } from "./graphql.js";

export interface TypedError {
  __typename: string;
  message: string;
  code: string;
  field?: string | null;
  ref?: string | null;
  requiredRole?: string;
  candidateStableIds?: string[];
  relationType?: string;
  path?: string[];
  accession?: string;
  key?: string;
}

export type MutationResult<TPayload> = (TPayload & { __typename: string }) | TypedError;

export function isTypedError(value: unknown): value is TypedError {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}

/** Runs a mutation and returns its single result field (payload or typed error). */
export async function mutate<TPayload>(
  url: string,
  document: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<MutationResult<TPayload>> {
  const response: GraphQLResponse<Record<string, MutationResult<TPayload>>> = await gql(
    url,
    document,
    { input },
    token,
  );
  if (response.errors?.length || !response.data) {
    throw new Error(
      `mutation failed outside its result type (HTTP ${response.status}): ${JSON.stringify(response.errors)}`,
    );
  }
  return Object.values(response.data)[0]!;
}

/** The typed error of a mutation that must fail; throws when it succeeded. */
export async function mutateExpectingError(
  url: string,
  document: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<TypedError> {
  const result = await mutate<Record<string, unknown>>(url, document, input, token);
  if (!isTypedError(result)) throw new Error(`expected a typed error, got ${JSON.stringify(result)}`);
  return result;
}

/** The payload of a mutation that must succeed; throws with the typed error otherwise. */
export async function mutateExpectingPayload<TPayload>(
  url: string,
  document: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<TPayload> {
  const result = await mutate<TPayload>(url, document, input, token);
  if (isTypedError(result))
    throw new Error(`expected a payload, got ${result.__typename} ${result.code}: ${result.message}`);
  return result;
}
