// Shapes of a request that asks for something other than one problem: any problem of a family, help with the tools,
// a definition, a method, help with Lean itself, a script, literature, the state of an area, or a recollection that
// says its details are missing. Such a query describes a family, however rare its words, and its best match is only
// the problem that mentions them most. English request forms, not mathematics: a statement ("is there a set …", "how
// can one colour …") matches none of them. The forms, each with the reason it is such a request, are data
// (lexicon/request-forms.yaml); this module compiles and tests them.

import { LEXICON } from "../../../text/lexicon/load.js";

/** A request form: its pattern, and the requirement's pattern where it holds only beside one (the proof assistant named). */
interface CompiledForm {
  pattern: RegExp;
  requirement: RegExp | null;
}

const REQUIREMENTS: ReadonlyMap<string, RegExp> = new Map(
  LEXICON.requestForms.requirements.map(([name, source]) => [name, new RegExp(source, "i")]),
);

const FORMS = LEXICON.requestForms.forms.map((form) => ({
  kind: form.kind,
  compiled: {
    pattern: new RegExp(form.source, form.flags),
    requirement: form.requires === null ? null : (REQUIREMENTS.get(form.requires) ?? null),
  } satisfies CompiledForm,
}));

function holds({ pattern, requirement }: CompiledForm, text: string): boolean {
  return (requirement === null || requirement.test(text)) && pattern.test(text);
}

/** Requests whose notation, if any, makes them a statement ("how do I state that n^2+1 is prime infinitely often?"). */
const REQUESTS_FOR_A_FAMILY_OR_HELP: readonly CompiledForm[] = FORMS.filter(
  (form) => form.kind === "family_or_help",
).map((form) => form.compiled);
/**
 * Requests whose notation does not: for whichever problem of a family, an explanation, a computation, a method or the
 * proof assistant, or a recollection that says its details are missing or its symbols are placeholders.
 */
const REQUESTS_WHATEVER_THE_NOTATION: readonly CompiledForm[] = FORMS.filter(
  (form) => form.kind === "whatever_the_notation",
).map((form) => form.compiled);

/** True when the text asks for any problem of a family, for help with the tools, for literature or for the state of an area. */
export function isRequestForAFamilyOrHelp(text: string): boolean {
  return REQUESTS_FOR_A_FAMILY_OR_HELP.some((form) => holds(form, text));
}

/**
 * True when the text asks what a notion is, how to compute it or by what method to prove it, or says its details are missing. Unlike the other
 * requests, notation does not make it a statement: "what is the Turán number ex(n, K_{r+1})?" asks for a definition,
 * and "a congruence mod p^2 with x^2 + d·y^2, I can't remember d" for any of several problems.
 */
export function isRequestWhateverTheNotation(text: string): boolean {
  return REQUESTS_WHATEVER_THE_NOTATION.some((form) => holds(form, text));
}

/** True when the text asks for anything but one problem (see above). */
export function isRequestForAny(text: string): boolean {
  return isRequestForAFamilyOrHelp(text) || isRequestWhateverTheNotation(text);
}

/** Every pattern this module compiles (all come from the lexicon): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = [
  ...REQUIREMENTS.values(),
  ...FORMS.map((form) => form.compiled.pattern),
];
