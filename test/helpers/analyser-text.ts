// Random text over what the text analysers look for (letters, digits, relations, braces, spaces, a
// non-ASCII glyph), for tests that run the analysers' patterns over many inputs.

const PIECES = ["a", "n", "k", "x", "1", "2", "0", " ", " eq ", " le ", "^", "_", "{", "}", "(", ")", "+", "-", "/"];
const MORE = ["choose", "cycle", "log", "|", "#", "!", ",", ".", "reals", "π", "😀"];

/** `length` pieces drawn with `random`, from the common pieces and any `extra` a test adds. */
export function randomAnalyserText(random: () => number, length: number, extra: readonly string[] = []): string {
  const all = [...PIECES, ...MORE, ...extra];
  return Array.from({ length }, () => all[Math.floor(random() * all.length)]).join("");
}
