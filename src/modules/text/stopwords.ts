// Words dropped from token streams (function words, relation words) and number words read as
// digits, so "at least four" and "≥ 4" produce the same parameter.

/**
 * Words that set up or narrate a statement ("suppose", "take", "consider", "it follows", "tends to")
 * rather than state it: an agent's paraphrase uses them freely, a terse catalogue statement rarely
 * does, so they were rare and weighed as if they named a problem ("tends to infinity" is `\to \infty`).
 */
const DISCOURSE_WORDS = (
  "suppose supposing assume assuming given take takes taking taken consider considering considered " +
  "hold holds holding follow follows followed enough nearly roughly basically essentially really actually " +
  "certainly clearly simply tend tends tending go goes going get gets getting got keep keeps kept " +
  "record records recorded vary varies varying wonder wondering " +
  // "something like", "I'd like", "looks like": hedges of a request; "like powers" means the same exponent,
  // which the statement says with its exponents, not with the word.
  "like likes " +
  // "P vs NP", "A versus B": a connector between two names, as "and" is.
  "vs versus"
).split(" ");

/**
 * Arithmetic operators read aloud: "2^x plus y" restates `2^x + y`, whose symbols leave no word,
 * so the spoken operator only matched the few statements that happen to spell one out.
 */
const OPERATOR_WORDS = ["plus", "minus", "times"];

/** English function words: they carry no mathematical identity and would only add noise to scores. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...(
    "a about above after again against all also am an and any are as at be because been before being " +
    "below between both but by can could did do does doing down during each either else every few for " +
    "from further had has have having he her here hers him his how however i if in into is it its itself " +
    "just let lets may me might more most must my neither no nor not now of off on once one only or other " +
    "our ours out over own per same shall she should so some such than that the their theirs them then " +
    "there these they this those through thus to too under until up upon us very via was we were what " +
    "when where whether which while who whom whose why will with within without would yet you your " +
    "another among amongst although though hence therefore since unless whatever whenever whichever " +
    "le ge lt gt eq ne iff ie eg resp etc denote denotes denoted let call called say said write written"
  ).split(" "),
  ...DISCOURSE_WORDS,
  ...OPERATOR_WORDS,
]);

/**
 * Number words read as digits. "one" is left out: it is far more often a pronoun than a count. The scale
 * words (a hundred and up) are counts too ("a thousand primes" is 1000 primes) and multiply a count before
 * them ("two hundred" is 200, "one million" 1000000; see `foldText`).
 */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map([
  ["two", "2"], ["three", "3"], ["four", "4"], ["five", "5"], ["six", "6"], ["seven", "7"],
  ["eight", "8"], ["nine", "9"], ["ten", "10"], ["eleven", "11"], ["twelve", "12"],
  ["hundred", "100"], ["thousand", "1000"], ["million", "1000000"], ["billion", "1000000000"],
]);

/** Relations spelled in prose -> the relation word the symbol tables produce. Longest first. */
export const PROSE_RELATIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bgreater than or equal to\b/g, " ge "],
  [/\bless than or equal to\b/g, " le "],
  [/\bat least\b/g, " ge "],
  [/\bat most\b/g, " le "],
  [/\bgreater than\b/g, " gt "],
  [/\bless than\b/g, " lt "],
  [/\bequal to\b/g, " eq "],
];
