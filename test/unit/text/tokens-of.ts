// Token views the normaliser tests read: the numbers of a text, and its parameters of one family.
import { analyzeText, tokenKind } from "../../../src/text/normalize.js";

export const numbersOf = (text: string): string[] =>
  analyzeText(text).tokens.filter((token) => tokenKind(token) === "number");

/** Parameters whose token starts with `prefix`: `form_` (one-variable forms), `binom_` (binomial coefficients). */
export const parametersStartingWith = (text: string, prefix: string): string[] =>
  analyzeText(text).parameters.filter((token) => token.startsWith(prefix));
