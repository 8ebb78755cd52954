// Text as packets and summaries quote it: whitespace folded, and cut at a length with an ellipsis.

/** Runs of whitespace as one space, trimmed. */
export const flattenSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

/** `flat` (already folded) cut to `limit` characters, the last being `…` when it was longer. */
export function clipFlat(flat: string, limit: number): string {
  return flat.length <= limit ? flat : `${flat.slice(0, Math.max(0, limit - 1)).trimEnd()}…`;
}

/** `text` folded and cut to `limit` characters. */
export const clip = (text: string, limit: number): string => clipFlat(flattenSpace(text), limit);
