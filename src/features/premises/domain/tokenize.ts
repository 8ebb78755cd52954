// Tokenisers: the seed's lowercase word counts, and identifier terms in the corpus's
// retrieval_terms style (split on ".", "_" and camelCase); identifier-scanner.ts also reads whole dotted
// identifiers (symbols) from a query.
//
// An analyser of its own, not a configuration of src/text's prose normaliser: Lean names are compound
// identifiers whose parts are split on dots, underscores and case and kept as written, while the prose
// analyser drops function words, stems, and reads `x_n` as a parameter. It turns `lt_of_le_of_lt getLTCmp`
// into `lt_of`, `le_of`, `getltcmp`; here it is lt, of, le, of, lt, get, lt, cmp, where `of` orders a lemma's
// hypotheses. The published baseline defines its terms this way (retrieval_terms), so figures compare.
// Both feed the same scorer (src/retrieval/).

import { MIN_IDENTIFIER_TERM_LENGTH } from "./identifier-scanner.js";

/** The seed tokeniser: lowercase, then every run of ASCII letters and digits is a token. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

export function countTokens(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Splits one identifier part on camelCase boundaries, keeping acronyms together (`getLTCmp` → get, lt, cmp). */
function camelParts(part: string): string[] {
  return part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? [];
}

/** Identifier terms as in the corpus's retrieval_terms, but with repeats kept so they can be counted. */
export function identifierTerms(text: string): string[] {
  const terms: string[] = [];
  for (const identifier of text.match(/[A-Za-z0-9_.']+/g) ?? []) {
    for (const piece of identifier.split(/[._']+/)) {
      for (const part of camelParts(piece)) {
        const term = part.toLowerCase();
        if (term.length >= MIN_IDENTIFIER_TERM_LENGTH) terms.push(term);
      }
    }
  }
  return terms;
}
