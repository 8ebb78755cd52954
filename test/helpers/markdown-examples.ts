// Reads the examples out of the Markdown docs: GraphQL operations from ```graphql blocks and from the
// `{"query": …}` JSON bodies of bash blocks, each with where it is and how the doc marks it, and the
// relative links with their anchors. Pure functions over text, so the doc-examples test stays small.
import { OperationTypeNode, parse, print, type DefinitionNode, type OperationDefinitionNode } from "graphql";

/**
 * How a doc marks the block that follows (an HTML comment on the line before its fence):
 * `<!-- example: skip (why) -->` neither parsed nor run (illustrative text, not GraphQL);
 * `<!-- example: validate-only (why) -->` checked against the schema but not run;
 * `<!-- example: expect-errors (why) -->` run, and must answer with client errors only.
 */
export type ExampleMode = "run" | "skip" | "validate-only" | "expect-errors";

export interface DocExample {
  /** `docs/api.md:24`, the line of the block's fence. */
  where: string;
  mode: ExampleMode;
  reason: string | null;
  /** The source text of one block or one JSON body (a block may hold several operations). */
  text: string;
  variables: Record<string, unknown>;
}

export interface DocOperation {
  where: string;
  mode: ExampleMode;
  kind: OperationDefinitionNode["operation"];
  /** The first root field, to name the test. */
  field: string;
  query: string;
  variables: Record<string, unknown>;
}

const MARKER = /^<!-- example: (skip|validate-only|expect-errors)(?: \((.*)\))? -->$/;
const JSON_BODY = /'(\{"query".*\})'/;

export function extractExamples(file: string, markdown: string): DocExample[] {
  const lines = markdown.split("\n");
  const examples: DocExample[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const fence = /^```(\w*)\s*$/.exec(lines[index]!);
    if (!fence) continue;
    const end = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line));
    if (end === -1) throw new Error(`${file}:${index + 1}: a code block that never closes`);
    const previous = lines
      .slice(0, index)
      .reverse()
      .find((line) => line.trim() !== "");
    const marker = previous === undefined ? null : MARKER.exec(previous.trim());
    const mode = (marker?.[1] as ExampleMode | undefined) ?? "run";
    const reason = marker?.[2] ?? null;
    const body = lines.slice(index + 1, end);
    if (fence[1] === "graphql") {
      examples.push({ where: `${file}:${index + 1}`, mode, reason, text: body.join("\n"), variables: {} });
    } else if (fence[1] === "bash" || fence[1] === "sh") {
      body.forEach((line, offset) => {
        const json = JSON_BODY.exec(line);
        if (!json) return;
        const request = JSON.parse(json[1]!) as { query: string; variables?: Record<string, unknown> };
        const where = `${file}:${index + 2 + offset}`;
        examples.push({ where, mode, reason, text: request.query, variables: request.variables ?? {} });
      });
    }
    index = end;
  }
  return examples;
}

/** Each operation of an example as its own document (a block may show several side by side). */
export function operationsOf(example: DocExample): DocOperation[] {
  let definitions: readonly DefinitionNode[];
  try {
    definitions = parse(example.text).definitions;
  } catch (error) {
    // Kept as an operation that cannot validate, so the test names the block instead of failing to load.
    const query = `# ${(error as Error).message.split("\n")[0]}\n${example.text}`;
    return [
      {
        where: example.where,
        mode: example.mode,
        kind: OperationTypeNode.QUERY,
        field: "(syntax error)",
        query,
        variables: {},
      },
    ];
  }
  return definitions.map((definition) => {
    if (definition.kind !== "OperationDefinition") throw new Error(`${example.where}: only operations, no fragments`);
    const first = definition.selectionSet.selections[0];
    const field = first?.kind === "Field" ? (first.alias ?? first.name).value : "?";
    return {
      where: example.where,
      mode: example.mode,
      kind: definition.operation,
      field,
      query: print(definition),
      variables: example.variables,
    };
  });
}

export interface DocLink {
  where: string;
  target: string;
}

/** Relative links (`[text](path#anchor)`), outside code blocks and inline code. */
export function relativeLinks(file: string, markdown: string): DocLink[] {
  const links: DocLink[] = [];
  let inBlock = false;
  markdown.split("\n").forEach((line, index) => {
    if (/^```/.test(line)) inBlock = !inBlock;
    if (inBlock) return;
    for (const match of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (!/^[a-z]+:/i.test(target)) links.push({ where: `${file}:${index + 1}`, target });
    }
  });
  return links;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inBlock = false;
  for (const line of markdown.split("\n")) {
    if (/^```/.test(line)) inBlock = !inBlock;
    const heading = inBlock ? null : /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    anchors.add(
      heading[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return anchors;
}
