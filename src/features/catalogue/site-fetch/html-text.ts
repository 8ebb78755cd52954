// Just enough HTML reading for one site's problem pages: find an element by id or class (nesting
// counted), list links, and turn markup into plain text with the LaTeX left exactly as written.

/**
 * A tag name must be followed by a space, "/" or ">": maths printed raw in a page ("$a<b$") then stays
 * text instead of opening a tag that swallows the statement up to the next ">".
 */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])([^>]*)>/g;
const BLOCK_TAG = /<\/?(?:p|div|li|ul|ol|h[1-6]|blockquote|table|tr)(?=[\s/>])[^>]*>/gi;
const ATTRIBUTE = /([a-zA-Z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};
/** Elements that never hold text a reader sees. */
const HIDDEN = /<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "br",
  "hr",
  "img",
  "input",
  "meta",
  "link",
  "area",
  "base",
  "col",
  "embed",
  "source",
  "track",
  "wbr",
]);

export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  /** The markup between the opening and the matching closing tag. */
  inner: string;
}

export function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** Every element whose opening tag satisfies `wanted`, outermost first; unclosed ones run to the end. */
export function findElements(html: string, wanted: (element: Omit<HtmlElement, "inner">) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (const open of html.matchAll(TAG)) {
    const tag = open[2]!.toLowerCase();
    if (open[1] === "/" || VOID_ELEMENTS.has(tag)) continue;
    const attributes = attributesOf(open[3] ?? "");
    if (!wanted({ tag, attributes })) continue;
    const start = open.index + open[0].length;
    found.push({ tag, attributes, inner: html.slice(start, closingIndex(html, tag, start)) });
  }
  return found;
}

export function byId(id: string) {
  return ({ attributes }: { attributes: Record<string, string> }) => attributes.id === id;
}

/** Matches any element carrying one of `classNames`. */
export function byClass(...classNames: string[]) {
  return ({ attributes }: { attributes: Record<string, string> }) =>
    (attributes.class ?? "").split(/\s+/).some((name) => classNames.includes(name));
}

/** The first element found by the first selector that finds one. */
export function firstElement(
  html: string,
  ...selectors: ((element: Omit<HtmlElement, "inner">) => boolean)[]
): HtmlElement | null {
  for (const selector of selectors) {
    const [element] = findElements(html, selector);
    if (element) return element;
  }
  return null;
}

/** Links as (href, text) pairs. */
export function linksOf(html: string): { href: string; text: string }[] {
  return findElements(html, ({ tag }) => tag === "a").map((link) => ({
    href: link.attributes.href ?? "",
    text: htmlToText(link.inner),
  }));
}

/**
 * Plain text: paragraphs and <br> become line breaks, other tags vanish, entities are decoded.
 * Spaces inside a line are kept, since they are part of the LaTeX the page prints.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(HIDDEN, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<br(?=[\s/>])[^>]*>/gi, "\n")
    .replace(BLOCK_TAG, "\n\n")
    .replace(TAG, "");
  return decodeEntities(text)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Index of the closing tag that matches an element opened just before `from`, counting nesting of the same tag. */
function closingIndex(html: string, tag: string, from: number): number {
  const pattern = new RegExp(`<(/?)${tag}(?=[\\s/>])[^>]*>`, "gi");
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html)) {
    depth += match[1] === "/" ? -1 : 1;
    if (depth === 0) return match.index;
  }
  return html.length;
}
