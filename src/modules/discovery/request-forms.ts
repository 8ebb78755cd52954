// Shapes of a request that asks for something other than one problem: any problem of a family
// ("suggest an open problem in discrete geometry", "is there a conjecture about sums of reciprocals?"),
// help with the tools ("how do I state … in Lean?"), a definition ("what is a Pisot number?"), a method
// ("the standard technique for proving …"), help with Lean itself ("the idiomatic Mathlib way to write …", a tactic,
// an error message), a script ("write me a Python script …"), literature ("references on …"), the state of an area
// ("what is still open about …?"), or a recollection that says its details are missing ("I can't remember which
// configuration"). Such a query describes a family, however rare its words, and its best match is only the problem
// that mentions them most. English request forms, not mathematics: a statement ("is there a set …", "how can one
// colour …") matches none of them.

/** A request form: a pattern, or a test that combines several. */
type RequestForm = { test(text: string): boolean };

/** Up to three words and a problem noun, then what it is about: "… open problem on …", "… conjecture relating …". */
const TOPIC_NOUN = String.raw`\s+(?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:problem|question|conjecture)\b,?\s+`;
const TOPIC_PREPOSITION = String.raw`(?:about|on|in|relating|involving|concerning|regarding|from|with)`;
/** An indefinite request noun introducing a topic: "a problem on …", "any conjecture relating …", "an open question in …". */
const ANY_PROBLEM_OF_A_TOPIC =
  new RegExp(String.raw`\b(?:a|an|any|some)${TOPIC_NOUN}(?:${TOPIC_PREPOSITION}|that\s+(?:involves|concerns|is\s+about))\b`, "iu");
/**
 * The same request with "any" or "some" ("any open problem on sumsets in F_2^n would do", "some conjecture about
 * primes of a special form"): whichever one would do, so its notation only sets the family's scene.
 */
const ANY_ONE_OF_A_FAMILY = new RegExp(String.raw`\b(?:any|some)${TOPIC_NOUN}${TOPIC_PREPOSITION}\b`, "iu");
/** The first person asking how: "how do I …", "how should we …". */
const HOW_DO_I = String.raw`\bhow\s+(?:do|should|can|would)\s+(?:i|we)\s+`;
/**
 * A how-to about writing or finding things: "how do I state …", "how should I define …", "how to state … in Lean",
 * "the best way to look up a sequence from its first terms", "how do I set up a Lean project".
 */
const HOW_TO = new RegExp([
  String.raw`(?:${HOW_DO_I}|\bhow\s+to\s+)(?:write|state|define|formulate|formali[sz]e|encode|express|browse|search|find|use|cite|submit|phrase|translate|set\s+up|install|configure|compile|import)\b`,
  // Getting a tool or a script to behave: "how do I get `simp` to unfold …", "how do I fix this instance error?".
  String.raw`${HOW_DO_I}(?:fix|debug|get\s+\S+(?:\s+\S+)?\s+to|make\s+\S+(?:\s+\S+)?\s+(?:work|stop|accept)|speed\s+up|silence)\b`,
  String.raw`\b(?:best|easiest|quickest|fastest)\s+way\s+to\s+(?:look\s+up|search|find|browse|identify)\b`,
].join("|"), "i");
/**
 * A request to check the caller's own work: "can you check my proof that …", "please verify our argument". It asks for a
 * reader, not for a problem.
 */
const CHECK_MY_WORK = /\b(?:check|verify|review|proofread|look\s+over|go\s+over)\s+(?:my|our)\s+(?:\w+\s+)?(?:proof|argument|solution|attempt|derivation|computation|write-?up)s?\b/i;
/**
 * A request for a definition or an explanation: "what does … mean", a short "what is a …?", "the definition of …",
 * "how is … defined / built / computed", "how does … work".
 */
const DEFINITION = new RegExp([
  String.raw`\bwhat\s+(?:does|do)\b.{1,80}\bmean\b`,
  String.raw`(?:^|[.!?;:]\s)\s*what\s+(?:is|are)\s+(?:a|an)\s+[\w\s'’-]{1,40}\?(?:\s|$)`,
  String.raw`\bwhat\s+exactly\s+(?:is|are)\s+(?:a|an)\b`,
  String.raw`\bjust\s+the\s+definition\b`,
  String.raw`\bdefinitions?\s+of\b`,
  String.raw`\bhow\s+(?:is|are)\b.{1,60}\b(?:defined|constructed|built|computed|calculated)\b`,
  String.raw`\bhow\s+does\b.{1,60}\bwork\b`,
].join("|"), "i");
/** A request for a computation: "how do I compute …", "how can one evaluate …", "Python code to compute …", "write me a Python script …". */
const COMPUTATION =
  /\bhow\s+(?:do|should|can|would)\s+(?:i|we|you|one)\s+(?:compute|calculate|evaluate)\b|\b(?:code|script)\s+(?:to|that|which|for)\b|\bwrite\s+(?:me\s+)?(?:a|an|some)\s+(?:\w+\s+)?(?:script|program|code|function|notebook)\b/i;
/**
 * A request for a method: "the standard technique for proving …", "methods to bound …". It asks how to work, not
 * which problem, whatever its notation ("… that a Lambert series value like sum a_n/2^n is irrational").
 */
const TECHNIQUE =
  /\b(?:standard|usual|common|general|known)\s+(?:techniques?|methods?|approach(?:es)?|tricks?|tools?)\b|\b(?:techniques?|methods?|approach(?:es)?|tricks?|tools?)\s+(?:for|to)\s+(?:prov|show|bound|establish|attack|tackl)/i;
/** A proof assistant named as such: a question about it is about the tool, not a problem. */
const PROOF_ASSISTANT = /\b(?:lean(?:\s*4)?|mathlib)\b/i;
/**
 * A question about the tool's own ways: "the idiomatic way to …", "is Lindemann–Weierstrass available?", "which
 * lemma …", "a goal of the form …", a tactic. "How do I state that n^2+1 is prime infinitely often in Lean?" is not
 * one: it states a problem, and the problem (with its Lean declaration) is the answer.
 */
const ASKS_ABOUT_THE_TOOL = new RegExp([
  String.raw`\b(?:idiomatic|cleanest|simplest|best|right|standard|usual)\s+(?:\w+\s+)?way\b|\bis\s+[\w–'-]+(?:\s+[\w–'-]+)?\s+available\b`,
  String.raw`\bwhich\s+(?:one|lemma|tactic|form|version|spelling)\b|\b(?:a|the)\s+goal\b|\btactics?\b|\bdeprecat`,
  // A tactic by name: no statement of a problem names one.
  String.raw`\b(?:simp|simp_all|simpa|dsimp|linarith|nlinarith|norm_num|aesop|polyrith|field_simp|ring_nf|push_cast|gcongr|positivity)\b`,
  // "the Mathlib name for the prime counting function", "tips for formalising …"
  String.raw`\b(?:mathlib|lean)\s+names?\s+(?:for|of)\b|\b(?:tips|advice|pointers)\s+(?:for|on|about)\b`,
].join("|"), "i");
/**
 * Trouble with the caller's own proof script: "why does linarith fail after push_cast in my Lean proof?". Its tactic
 * names (`push_cast`) read as parameters, so notation cannot make it a statement.
 */
const MY_PROOF_SCRIPT = /\b(?:in|with|of)\s+my\s+(?:lean|mathlib)\s+(?:proof|code|script|file|project|formali[sz]ation)\b/i;
/** A request form that holds only where the text names the proof assistant. */
function inTheProofAssistant(pattern: RegExp): RequestForm {
  return { test: (text) => PROOF_ASSISTANT.test(text) && pattern.test(text) };
}
/**
 * A question about using the proof assistant: "what's the idiomatic Mathlib way to write a sum over the divisors of
 * n?", "Mathlib: how do I prove a goal of the form `Transcendental ℚ x`?". Its Lean code is no statement of a problem.
 */
const PROOF_ASSISTANT_HELP = inTheProofAssistant(ASKS_ABOUT_THE_TOOL);
/**
 * How to prove something in the proof assistant: "how do I prove a Finset cardinality bound in Lean?". Notation makes
 * it a statement ("how do I prove in Lean that 4/n = 1/x + 1/y + 1/z always has a solution?" asks for that problem),
 * as does naming the problem.
 */
const HOW_DO_I_PROVE = new RegExp(String.raw`${HOW_DO_I}prove\b`, "i");
const PROOF_IN_THE_ASSISTANT = inTheProofAssistant(HOW_DO_I_PROVE);
/**
 * An error message of the proof assistant quoted for help: "failed to synthesize Fintype ↑s", "type mismatch", "unsolved
 * goals". A problem's statement never reads like one, whatever notation the message quotes.
 */
const PROOF_ASSISTANT_ERROR =
  /\b(?:failed\s+to\s+synthesi[sz]e|type\s+mismatch|unknown\s+(?:identifier|constant)|unsolved\s+goals|deterministic\s+timeout|maximum\s+recursion\s+depth|motive\s+is\s+not\s+type\s+correct|(?:instance|typeclass)\s+(?:error|problem|resolution))\b/i;
/** A request for literature: "references on …", "literature about …", "which paper introduced …". */
const LITERATURE = /\b(?:references?|literature|surveys?)\s+(?:on|about|for)\b|\bwhich\s+(?:paper|article|book|survey)s?\s+(?:introduced|defined|first)\b/i;
/**
 * A recollection that says its details are missing: "I can't remember which configuration", "I forget the
 * constant", "I half remember a problem about …", "something like that", "— which one?", "something about …". The
 * caller says the text does not pin one problem down, whatever notation it has. Half remembering a named thing beside
 * a stated problem ("I vaguely remember Ruzsa's counterexample") is no missing detail.
 */
const MISSING_DETAILS =
  /\b(?:can't|can’t|cannot|can\s+not|don't|don’t|do\s+not)\s+(?:remember|recall)\b|\bforg(?:[eo]t|otten)\b|\bescapes?\s+me\b|\b(?:half|vaguely)[-\s]remember(?:ing)?\s+(?:a|an|some|something|one|that|the)\b|\bsomething\s+like\s+(?:that|this)\b|\bwhich\s+one(?:\s+(?:is|was)\s+it)?\s*\?|\bsomething\s+about\b|\bnot\s+sure\s+(?:which|what|of\s+the|about\s+the)\b/i;
/**
 * Symbols the text itself declares arbitrary: "where P and Q are graph invariants", "where f is an arithmetic
 * function". The formula is the shape of a family, not one problem's statement.
 */
const PLACEHOLDERS =
  /\b(?:where|with)\s+[a-z](?:\s*(?:,|and)\s*[a-z])*\s+(?:are|is)\s+(?:some\s+|an?\s+)?(?:(?:arbitrary|arithmetic|graph)\s+)?(?:invariants?|functions?|parameters?)\b/i;
/**
 * A request for the state of an area: "what is known about …", "what's still open?", "what can be said about …",
 * "the state of the art on …", "where do things stand on …", "the status of …".
 */
const STATE_OF_AN_AREA = new RegExp([
  String.raw`\bwhat(?:'s|’s|\s+is|\s+are)?\s+(?:(?:still|currently|now)\s+)?(?:open|known|unsolved)\b`,
  String.raw`\bwhat\s+can\s+(?:be\s+said|one\s+say|we\s+say)\b`,
  String.raw`\bwhat\s+do\s+we\s+know\b`,
  String.raw`\bstate\s+of\s+the\s+art\b`,
  String.raw`\bwhere\s+(?:do|does)\s+(?:things|matters|it)\s+stand\b`,
  String.raw`\b(?:current\s+(?:state|status)|status)\s+of\b`,
  String.raw`\blatest\s+(?:progress|results|developments)\b`,
].join("|"), "i");
/** A request for a recommendation. */
const RECOMMENDATION = /\b(?:suggest|recommend)\b/i;

/** Requests whose notation, if any, makes them a statement ("how do I state that n^2+1 is prime infinitely often?"). */
const REQUESTS_FOR_A_FAMILY_OR_HELP: readonly RequestForm[] = [
  ANY_PROBLEM_OF_A_TOPIC, HOW_TO, PROOF_IN_THE_ASSISTANT, CHECK_MY_WORK, LITERATURE, STATE_OF_AN_AREA, RECOMMENDATION,
];
/**
 * Requests whose notation does not: for whichever problem of a family, an explanation, a computation, a method or the
 * proof assistant, or a recollection that says its details are missing or its symbols are placeholders.
 */
const REQUESTS_WHATEVER_THE_NOTATION: readonly RequestForm[] = [
  ANY_ONE_OF_A_FAMILY, DEFINITION, COMPUTATION, TECHNIQUE, PROOF_ASSISTANT_HELP, MY_PROOF_SCRIPT, PROOF_ASSISTANT_ERROR, MISSING_DETAILS,
  PLACEHOLDERS,
];

/** True when the text asks for any problem of a family, for help with the tools, for literature or for the state of an area. */
export function isRequestForAFamilyOrHelp(text: string): boolean {
  return REQUESTS_FOR_A_FAMILY_OR_HELP.some((form) => form.test(text));
}

/**
 * True when the text asks what a notion is, how to compute it or by what method to prove it, or says its details are missing. Unlike the other
 * requests, notation does not make it a statement: "what is the Turán number ex(n, K_{r+1})?" asks for a definition,
 * and "a congruence mod p^2 with x^2 + d·y^2, I can't remember d" for any of several problems.
 */
export function isRequestWhateverTheNotation(text: string): boolean {
  return REQUESTS_WHATEVER_THE_NOTATION.some((form) => form.test(text));
}

/** True when the text asks for anything but one problem (see above). */
export function isRequestForAny(text: string): boolean {
  return isRequestForAFamilyOrHelp(text) || isRequestWhateverTheNotation(text);
}

/** The patterns this module builds from parts (regex literals are found in the source): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = [
  ANY_PROBLEM_OF_A_TOPIC, ANY_ONE_OF_A_FAMILY, HOW_TO, DEFINITION, ASKS_ABOUT_THE_TOOL, HOW_DO_I_PROVE, STATE_OF_AN_AREA,
];
