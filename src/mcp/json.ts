// Plain JSON for structured tool results: bigints as decimal strings, dates as ISO strings.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function toJson(value: unknown): Json {
  return JSON.parse(
    JSON.stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? inner.toString() : inner)),
  ) as Json;
}
