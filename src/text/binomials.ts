// Binomial coefficients as canonical tokens: `\binom{w+2}{2}`, `{x+3 \choose 4}` and `binomial(y+2, 2)` are one
// coefficient, `binom_(a+2,2)`. Sums of binomials carry the identity of many supercongruence and
// representation conjectures (OEIS, Zhi-Wei Sun), and once folded they leave only "binomial" and bare numbers.

import { allMatches, GuardedPattern } from "./all-matches.js";

/** A simple linear argument: integers and single letters joined by + or - (`n`, `2n`, `n+k`, `w+2`). */
const ARGUMENT = /^[+-]?\d*[a-z]?(?:[+-]\d*[a-z]?)*$/;
// eslint-disable-next-line regexp/no-super-linear-backtracking -- both arguments are at most 12 characters: a start tries a bounded number of splits
const BRACED = /binomial\s*\{\s*([^{}]{1,12}?)\s*\}\s*\{\s*([^{}]{1,12}?)\s*\}/g;
// eslint-disable-next-line regexp/no-super-linear-backtracking -- both arguments are at most 12 characters: a start tries a bounded number of splits
const CHOOSE = /\{\s*([^{}]{1,12}?)\s+binomial\s+([^{}]{1,12}?)\s*\}/g;
// eslint-disable-next-line regexp/no-super-linear-backtracking -- both arguments are at most 12 characters: a start tries a bounded number of splits
const CALL = /binomial\s*\(\s*([^(),]{1,12}?)\s*,\s*([^(),]{1,12}?)\s*\)/g;
/** Read aloud: "n choose 2", "|A| choose 2" (a size's bars dropped); "players choose integers" has no argument on either side. */
const SPOKEN =
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- read on folded text, whose whitespace runs are single spaces: the optional bars and spaces trade at most one character
  /(?<![a-z0-9_^+-])\|?\s*(\d*[a-z]?(?:[+-]\d*[a-z]?)*)\s*\|?\s+choose\s+(\d*[a-z]?(?:[+-]\d*[a-z]?)*)(?![a-z0-9])/g;

/** Letters renamed in order of appearance (a, b, c, …): `binom{n+k}{k}` and `binom{x+y}{y}` are one shape. */
function canonicalPair(top: string, bottom: string): string | null {
  const [upper, lower] = [top.replace(/\s+/g, ""), bottom.replace(/\s+/g, "")];
  if (upper === "" || lower === "" || !ARGUMENT.test(upper) || !ARGUMENT.test(lower)) return null;
  const names = new Map<string, string>();
  const rename = (argument: string) =>
    argument.replace(/[a-z]/g, (letter) => {
      if (!names.has(letter)) names.set(letter, String.fromCharCode(97 + names.size));
      return names.get(letter)!;
    });
  return `binom_(${rename(upper)},${rename(lower)})`;
}

const FORMS: readonly GuardedPattern[] = [BRACED, CHOOSE, CALL, SPOKEN].map((pattern) => new GuardedPattern(pattern));

/** `binomial {w+2}{2}` -> `binom_(a+2,2)`; `{n binomial k}` -> `binom_(a,b)`; `binomial(2k,k)` and "2k choose k" -> `binom_(2a,a)`. */
export function binomialForms(folded: string): string[] {
  const tokens: string[] = [];
  for (const pattern of FORMS) {
    for (const [, top = "", bottom = ""] of allMatches(folded, pattern)) {
      const token = canonicalPair(top, bottom);
      if (token !== null) tokens.push(token);
    }
  }
  return tokens;
}
