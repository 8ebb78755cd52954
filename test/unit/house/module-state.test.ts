// House rule: no module-level mutable state and nothing registered on import. Long-lived objects
// (caches, registries, secrets, pools) are built by src/service.ts and passed down; a module holds
// constants and functions. Parses every src/**/*.ts with the TypeScript compiler API.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../../src/env.js";

/** Builds and owns the long-lived objects, by design. */
const OWNER_OF_STATE = "src/service.ts";
/** Constructors of mutable collections and caches: a top-level one is state shared by every request. */
const MUTABLE_CONSTRUCTOR = /^(?:Map|Set|WeakMap|WeakSet|WeakRef|\w*Cache|\w*Registry|DataLoader|EventEmitter)$/;

interface Finding {
  /** Stable across line moves: file, rule and the declared name or statement start. */
  key: string;
  line: number;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Files that npm scripts run directly: an entry point does its work at the top level by nature. */
function entryPoints(): Set<string> {
  const scripts = (
    JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  return new Set(
    Object.values(scripts).flatMap((script) => script.split(/\s+/).filter((word) => /^src\/.*\.ts$/.test(word))),
  );
}

/** Pothos registration: `builder.*(...)`, or `SomeRef.implement(...)` on a ref the builder made. */
function isBuilderCall(expression: ts.Expression): boolean {
  if (
    ts.isCallExpression(expression) &&
    ts.isPropertyAccessExpression(expression.expression) &&
    expression.expression.name.text === "implement"
  )
    return true;
  let current: ts.Expression = expression;
  while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) current = current.expression;
  return ts.isIdentifier(current) && current.text === "builder";
}

function mutableConstructorOf(initializer: ts.Expression | undefined): string | null {
  let current = initializer;
  while (
    current &&
    (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
  )
    current = current.expression;
  if (!current || !ts.isNewExpression(current)) return null;
  const callee = current.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
  return MUTABLE_CONSTRUCTOR.test(name) ? name : null;
}

function isReadonlyType(type: ts.TypeNode | undefined, source: ts.SourceFile): boolean {
  return type !== undefined && /^Readonly/.test(type.getText(source));
}

/** A call statement by its callee (`registerView(…)`), any other statement by its first words. */
function statementSubject(statement: ts.Statement, source: ts.SourceFile): string {
  let expression = ts.isExpressionStatement(statement) ? statement.expression : undefined;
  while (expression && (ts.isAwaitExpression(expression) || ts.isVoidExpression(expression)))
    expression = expression.expression;
  if (expression && ts.isCallExpression(expression)) return `${expression.expression.getText(source)}(…)`;
  return statement.getText(source).split("\n")[0]!.slice(0, 40);
}

const DECLARATIONS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.EmptyStatement,
]);

function moduleStateFindings(relativePath: string, text: string, isEntryPoint: boolean): Finding[] {
  const source = ts.createSourceFile(relativePath, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const add = (node: ts.Node, rule: string, subject: string) =>
    findings.push({
      key: `${relativePath} ${rule} ${subject}`,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    });
  // schema.ts is the top floor that declares the root types before it builds the schema (Pothos registers them on the builder).
  const isGraphQLFile = relativePath.includes("/graphql/") || relativePath === "src/schema.ts";
  for (const statement of source.statements) {
    if (DECLARATIONS.has(statement.kind)) continue;
    if (ts.isVariableStatement(statement)) {
      const mutableBinding =
        (statement.declarationList.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(source);
        if (mutableBinding) add(declaration, "top-level let/var", name);
        const constructor = mutableConstructorOf(declaration.initializer);
        if (constructor && !isReadonlyType(declaration.type, source))
          add(declaration, `top-level new ${constructor}`, name);
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) continue;
    if (isGraphQLFile && ts.isExpressionStatement(statement) && isBuilderCall(statement.expression)) continue;
    if (isEntryPoint) continue;
    add(statement, "top-level statement runs on import", statementSubject(statement, source));
  }
  return findings;
}

function currentFindings(): Finding[] {
  const entries = entryPoints();
  return sourceFiles(path.join(projectRoot, "src"))
    .map((file) => path.relative(projectRoot, file).split(path.sep).join("/"))
    .filter((file) => file !== OWNER_OF_STATE)
    .flatMap((file) =>
      moduleStateFindings(file, readFileSync(path.join(projectRoot, file), "utf8"), entries.has(file)),
    );
}

describe("house: no module-level mutable state", () => {
  it("finds let/var, new Map/Set/…, and statements that run on import", () => {
    const findings = moduleStateFindings(
      "src/features/x/graphql/x.ts",
      [
        "let counter = 0;",
        "const cache = new Map<string, number>();",
        "const frozen: ReadonlyMap<string, number> = new Map();",
        "const limit = 3;",
        "registerSomething();",
        "builder.queryField('x', () => ({}));",
        "export function f() { let local = 1; return local; }",
      ].join("\n"),
      false,
    );
    expect(findings.map((finding) => finding.key)).toEqual([
      "src/features/x/graphql/x.ts top-level let/var counter",
      "src/features/x/graphql/x.ts top-level new Map cache",
      "src/features/x/graphql/x.ts top-level statement runs on import registerSomething(…)",
    ]);
  });

  it("src holds no module-level mutable state outside service.ts", () => {
    expect(
      currentFindings().map((finding) => `${finding.key} (line ${finding.line})`),
      "module-level state: move it into an object src/service.ts creates and passes down",
    ).toEqual([]);
  });
});
