// Malformed and hostile operations, as an anonymous or authenticated client might send them by mistake
// or on purpose. The bad-input test and `npm run bench:abuse` both send this list: every answer must
// be a typed client error (or data), never a 5xx, an INTERNAL_SERVER_ERROR or a dead process.

export interface OperationPayload {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface HostileOperation {
  name: string;
  payload: OperationPayload;
  /** Sent with the operator token (writes), or anonymously. */
  authenticated?: boolean;
}

export interface HostileBody {
  name: string;
  body: string | Uint8Array;
  contentType?: string;
  authenticated?: boolean;
}

export interface HostileContext {
  /** A project the authenticated operator may write to (its global id). */
  projectId: string;
  /** A research object's ref in that project. */
  researchRef: string;
}

/** A small deterministic generator, so a failure names a case that can be sent again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomBytes(seed: number, length: number): Uint8Array {
  const next = seeded(seed);
  return Uint8Array.from({ length }, () => Math.floor(next() * 256));
}

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Texts that have broken parsers, normalisers and SQL before: injection, control characters, notation runs. */
export const HOSTILE_TEXTS: readonly string[] = [
  "'; DROP TABLE problems; --",
  '" OR 1=1 --',
  "erdos-1' UNION SELECT * FROM operators --",
  "%' AND pg_sleep(10) --",
  "$$ LANGUAGE plpgsql $$",
  "\\x00\\x01",
  "\u0001\u0002\u0003\u0007\u001b[31m\u007f",
  "\r\n\r\nHTTP/1.1 200 OK",
  "9".repeat(20_000),
  "1".repeat(100_000),
  "(".repeat(5_000),
  "[".repeat(3_000) + "]".repeat(3_000),
  "|".repeat(10_000),
  "\\frac{".repeat(2_000),
  "$".repeat(4_000),
  "\\left(\\sum_{n\\le x} \\frac{1}{n}\\right)^{".repeat(200),
  "n-gon 1234567890".repeat(500),
  "a\u0301".repeat(5_000),
  "𝔽".repeat(5_000),
  "\u202e\u202d\u200b\ufeff",
  "{{7*7}} ${7*7} <script>alert(1)</script>",
  "../../../../etc/passwd",
  "x".repeat(200_000),
  "Erdős problem #" + "9".repeat(400),
  "A".repeat(1) + " ".repeat(50_000),
];

const NUL = "\u0000";
const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

function discoveryCases(): HostileOperation[] {
  return HOSTILE_TEXTS.map((text, index) => ({
    name: `discoverProblems hostile text #${index}`,
    payload: { query: "query($t: String!) { discoverProblems(text: $t) { __typename } }", variables: { t: text } },
  }));
}

function refCases(): HostileOperation[] {
  const refs = [
    ...HOSTILE_TEXTS.slice(0, 12),
    "",
    " ",
    "erdos-99999",
    "#-1",
    "S999999999999999999999",
    "R0",
    NUL,
    `erdos-1${NUL}`,
    LONE_HIGH,
  ];
  return refs.flatMap((ref, index) => [
    {
      name: `problem(ref) hostile #${index}`,
      payload: { query: "query($r: String!) { problem(ref: $r) { __typename } }", variables: { r: ref } },
    },
    {
      name: `researchObject(ref) hostile #${index}`,
      payload: { query: "query($r: String!) { researchObject(ref: $r) { __typename } }", variables: { r: ref } },
    },
  ]);
}

function idCases(): HostileOperation[] {
  const ids = [
    "x",
    "",
    "garbage",
    b64("Problem:nope-nope"),
    b64("Nope:1"),
    b64("Problem:"),
    b64(":"),
    "%%%",
    b64("ResearchObject:not-a-uuid"),
    b64("Project:" + "f".repeat(36)),
  ];
  return [
    ...ids.map((id, index) => ({
      name: `node(id) malformed #${index}`,
      payload: { query: "query($id: ID!) { node(id: $id) { id } }", variables: { id } },
    })),
    {
      name: "nodes with malformed ids",
      payload: { query: "query($ids: [ID!]!) { nodes(ids: $ids) { id } }", variables: { ids } },
    },
    {
      name: "_entities: an unknown problem and garbage",
      payload: {
        query: "query($r: [_Any!]!) { _entities(representations: $r) { __typename } }",
        variables: {
          r: [
            { __typename: "Problem", id: b64("Problem:nope-nope") },
            { __typename: "Problem", id: "garbage" },
          ],
        },
      },
    },
    {
      name: "_entities: unknown typename and missing keys",
      payload: {
        query: "query($r: [_Any!]!) { _entities(representations: $r) { __typename } }",
        variables: {
          r: [{ __typename: "Nope", id: "1" }, { __typename: "ResearchObject" }, { id: "x" }, "string", 5, null],
        },
      },
    },
    {
      name: "_entities: every entity type with garbage ids",
      payload: {
        query: "query($r: [_Any!]!) { _entities(representations: $r) { __typename } }",
        variables: {
          r: ["Problem", "ResearchObject", "Project", "MemoryBranch"].map((typename) => ({
            __typename: typename,
            id: b64(`${typename}:zzz`),
          })),
        },
      },
    },
    { name: "memoryBranch bad id", payload: { query: '{ memoryBranch(id: "x") { __typename } }' } },
    {
      name: "memoryBranch bad cursor",
      payload: { query: `{ memoryBranch(id: "${b64("MemoryBranch:x")}", after: "zzz") { __typename } }` },
    },
  ];
}

function connectionCases(): HostileOperation[] {
  const args = [
    'after: "x"',
    "first: -1",
    "last: -5",
    "first: 100000",
    'before: "!!!"',
    'after: "' + b64("arrayconnection:-1") + '"',
    "first: 1, last: 1",
    'after: "' + "A".repeat(5_000) + '"',
  ];
  return args.map((arg, index) => ({
    name: `problems(${arg.slice(0, 30)}) #${index}`,
    payload: { query: `{ problems(${arg}) { edges { cursor } } }` },
  }));
}

function documentCases(): HostileOperation[] {
  const aliases = Array.from({ length: 500 }, (_, index) => `a${index}: __typename`).join(" ");
  const fragments = Array.from({ length: 300 }, (_, index) => `fragment F${index} on Query { ...F${index + 1} }`).join(
    "\n",
  );
  const deep =
    '{ problem(ref: "1") { ' + "... on ProblemResolution { __typename ".repeat(200) + "}".repeat(200) + " } }";
  return [
    { name: "two operations, no operationName", payload: { query: "query A { __typename } query B { __typename }" } },
    { name: "operationName names none", payload: { query: "query A { __typename }", operationName: "Nope" } },
    {
      name: "operationName given for an anonymous operation",
      payload: { query: "{ __typename }", operationName: "A" },
    },
    { name: "empty document", payload: { query: "" } },
    { name: "syntax error", payload: { query: "{ problem(ref: ) }" } },
    { name: "unknown field", payload: { query: "{ nope }" } },
    { name: "alias flood", payload: { query: `{ ${aliases} }` } },
    {
      name: "fragment chain flood",
      payload: { query: `{ ...F0 }\n${fragments}\nfragment F300 on Query { __typename }` },
    },
    {
      name: "fragment cycle",
      payload: { query: "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }" },
    },
    { name: "deep inline fragments", payload: { query: deep } },
    { name: "directive flood", payload: { query: `{ __typename ${"@skip(if: false) ".repeat(200)} }` } },
    { name: "token flood", payload: { query: `{ __typename ${"# c\n".repeat(5)}${" __typename".repeat(20_000)} }` } },
    {
      name: "variable of the wrong type",
      payload: { query: "query($r: String!) { problem(ref: $r) { __typename } }", variables: { r: 5 } },
    },
    {
      name: "missing required variable",
      payload: { query: "query($r: String!) { problem(ref: $r) { __typename } }", variables: {} },
    },
    {
      name: "unknown enum value",
      payload: {
        query: "query($i: OrientInput!) { orient(input: $i) { __typename } }",
        variables: { i: { problem: "erdos-1", intent: "NOPE" } },
      },
    },
    {
      name: "int overflow",
      payload: { query: '{ discoverProblems(text: "primes", limit: 99999999999) { __typename } }' },
    },
    { name: "limit negative", payload: { query: '{ discoverProblems(text: "primes", limit: -3) { __typename } }' } },
    { name: "NUL in a literal string", payload: { query: `{ discoverProblems(text: "a\\u0000b") { __typename } }` } },
    {
      name: "lone surrogate in a literal string",
      payload: { query: `{ discoverProblems(text: "a\\ud800b") { __typename } }` },
    },
    {
      name: "introspection of everything",
      payload: { query: "{ __schema { types { name fields { name args { name } } } } }" },
    },
    {
      name: "orient with hostile problem",
      payload: {
        query: "query($i: OrientInput!) { orient(input: $i) { __typename } }",
        variables: { i: { problem: HOSTILE_TEXTS[0], intent: "ORIENT" } },
      },
    },
    {
      name: "orient maxChars out of range",
      payload: {
        query: "query($i: OrientInput!) { orient(input: $i) { __typename } }",
        variables: { i: { problem: "erdos-1", maxChars: -1 } },
      },
    },
    {
      name: "checkPlan empty",
      payload: { query: "query($i: CheckPlanInput!) { checkPlan(input: $i) { __typename } }", variables: { i: {} } },
    },
    {
      name: "checkPlan hostile plan and project",
      payload: {
        query: "query($i: CheckPlanInput!) { checkPlan(input: $i) { __typename } }",
        variables: { i: { problemRef: "erdos-1", plan: HOSTILE_TEXTS[13], projectId: "not a project id" } },
      },
    },
    {
      name: "premiseSearch hostile",
      payload: {
        query: "query($i: PremiseSearchInput!) { premiseSearch(input: $i) { __typename } }",
        variables: { i: { text: HOSTILE_TEXTS[10], terms: [NUL, HOSTILE_TEXTS[0]], topK: -1 } },
      },
    },
    { name: "freshness of unknown views over a query", payload: { query: "{ freshness { headSequence } }" } },
  ];
}

const RECORD = "mutation($i: RecordResearchInput!) { recordResearch(input: $i) { __typename } }";

function writeCases(context: HostileContext): HostileOperation[] {
  const base = {
    projectId: context.projectId,
    kind: "CLAIM",
    title: "A claim",
    body: "A body.",
    idempotencyKey: "hostile-base",
  };
  const record = (name: string, overrides: Record<string, unknown>): HostileOperation => ({
    name: `recordResearch ${name}`,
    authenticated: true,
    payload: { query: RECORD, variables: { i: { ...base, idempotencyKey: `hostile-${name}`, ...overrides } } },
  });
  return [
    record("NUL in title", { title: `a${NUL}b` }),
    record("NUL in body", { body: `body${NUL}` }),
    record("NUL in key", { idempotencyKey: `key${NUL}` }),
    record("NUL in branch", { branch: `b${NUL}` }),
    record("NUL in relations", { relations: [{ type: "USES", target: `R1${NUL}` }] }),
    record("NUL in supersedes", { supersedes: [`R1${NUL}`] }),
    record("NUL in formal fields", { formal: { leanDeclaration: `X${NUL}`, statement: `s${NUL}`, goal: `g${NUL}` } }),
    record("NUL in metadata key", { metadata: { [`k${NUL}`]: 1 } }),
    record("lone high surrogate in metadata", { metadata: { note: `x${LONE_HIGH}` } }),
    record("lone low surrogate in metadata", { metadata: { note: `${LONE_LOW}x` } }),
    record("metadata nested 2500 deep", { metadata: nested(2_500) }),
    record("metadata nested 100 deep", { metadata: nested(100) }),
    record("metadata huge array", { metadata: { list: Array.from({ length: 20_000 }, (_, index) => index) } }),
    record("unknown kind", { kind: "NOPE" }),
    record("not a project id", { projectId: "not a project id" }),
    record("unknown project", { projectId: b64("Project:00000000-0000-0000-0000-000000000000") }),
    record("empty title", { title: "" }),
    record("huge title", { title: "t".repeat(100_000) }),
    record("SQL in title", { title: HOSTILE_TEXTS[0] }),
    record("unknown relation target", { relations: [{ type: "USES", target: "R999999999" }] }),
    record("relation of unknown type", { relations: [{ type: "NOPE", target: context.researchRef }] }),
    record("supersedes garbage", { supersedes: ["garbage", ""] }),
    {
      name: "recordResearch anonymously",
      payload: { query: RECORD, variables: { i: { ...base, idempotencyKey: "hostile-anonymous" } } },
    },
    {
      name: "submitProblem NUL in statement",
      authenticated: true,
      payload: {
        query: "mutation($i: SubmitProblemInput!) { submitProblem(input: $i) { __typename } }",
        variables: { i: { title: "T", statement: `s${NUL}`, idempotencyKey: "hostile-submit-nul" } },
      },
    },
    {
      name: "submitProblem lone surrogate in tags",
      authenticated: true,
      payload: {
        query: "mutation($i: SubmitProblemInput!) { submitProblem(input: $i) { __typename } }",
        variables: {
          i: { title: "T", statement: "A statement.", tags: [LONE_HIGH], idempotencyKey: "hostile-submit-surrogate" },
        },
      },
    },
    ...[`R1${NUL}`, "garbage", "", HOSTILE_TEXTS[2]!, "R999999999"].flatMap((ref, index) => [
      {
        name: `relateResearch bad ref #${index}`,
        authenticated: true,
        payload: {
          query: "mutation($i: RelateResearchInput!) { relateResearch(input: $i) { __typename } }",
          variables: {
            i: { from: ref, to: context.researchRef, type: "USES", idempotencyKey: `hostile-relate-${index}` },
          },
        },
      },
      {
        name: `supersedeResearch bad ref #${index}`,
        authenticated: true,
        payload: {
          query: "mutation($i: SupersedeResearchInput!) { supersedeResearch(input: $i) { __typename } }",
          variables: {
            i: { target: ref, supersededBy: context.researchRef, idempotencyKey: `hostile-supersede-${index}` },
          },
        },
      },
    ]),
    {
      name: "createProject hostile problemRef",
      authenticated: true,
      payload: {
        query: "mutation($i: CreateProjectInput!) { createProject(input: $i) { __typename } }",
        variables: { i: { problemRef: HOSTILE_TEXTS[1], name: "x", idempotencyKey: "hostile-project" } },
      },
    },
    {
      name: "resolveAdvisory bad id",
      authenticated: true,
      payload: { query: 'mutation { resolveAdvisory(advisoryId: "x", resolution: "y") { __typename } }' },
    },
    {
      name: "publishProblem hostile ref",
      authenticated: true,
      payload: { query: `mutation { publishProblem(problemRef: "${"(".repeat(500)}") { __typename } }` },
    },
  ];
}

function subscriptionStartCases(): HostileOperation[] {
  return [
    {
      name: "researchEvents unknown problem",
      payload: { query: 'subscription { researchEvents(problemRef: "erdos-99999") { sequence } }' },
    },
    {
      name: "researchEvents not a project id",
      payload: { query: 'subscription { researchEvents(projectId: "not a project id") { sequence } }' },
    },
    {
      name: "researchEvents bad afterSequence",
      payload: {
        query: "subscription($a: BigInt) { researchEvents(afterSequence: $a) { sequence } }",
        variables: { a: "abc" },
      },
    },
    {
      name: "researchEvents negative afterSequence",
      payload: {
        query: "subscription($a: BigInt) { researchEvents(afterSequence: $a) { sequence } }",
        variables: { a: "-5" },
      },
    },
    {
      name: "projectionFreshness unknown views",
      payload: { query: 'subscription { projectionFreshness(views: ["nope"]) { view } }' },
    },
  ];
}

/** Operations that run over both transports (over HTTP a subscription must be refused with a 4xx). */
export function hostileOperations(context: HostileContext): HostileOperation[] {
  return [
    ...discoveryCases(),
    ...refCases(),
    ...idCases(),
    ...connectionCases(),
    ...documentCases(),
    ...writeCases(context),
    ...subscriptionStartCases(),
  ];
}

/** JSON text nested `depth` levels deep (deeper than JSON.stringify itself can write). */
export function deepJsonText(depth: number): string {
  return '{"a":'.repeat(depth) + '"leaf"' + "}".repeat(depth);
}

/** A recordResearch message whose metadata is nested `depth` levels deep, as JSON text. */
export function deepMetadataMessage(context: HostileContext, depth: number): string {
  const input = JSON.stringify({
    projectId: context.projectId,
    kind: "CLAIM",
    title: "Deep",
    body: "Deep.",
    idempotencyKey: `hostile-deep-${depth}`,
  });
  return `{"query":${JSON.stringify(RECORD)},"variables":{"i":${input.slice(0, -1)},"metadata":${deepJsonText(depth)}}}}`;
}

/** Request bodies only HTTP can carry malformed (and those no serializer on the client side can write). */
export function hostileBodies(context: HostileContext): HostileBody[] {
  const truncated = JSON.stringify({ query: '{ problem(ref: "1") { __typename } }', variables: { a: [1, 2, 3] } });
  return [
    ...Array.from({ length: 12 }, (_, seed) => ({
      name: `random bytes #${seed}`,
      body: randomBytes(seed + 1, 64 + seed * 97),
    })),
    ...Array.from({ length: 10 }, (_, cut) => ({
      name: `truncated JSON at ${cut * 7}`,
      body: truncated.slice(0, cut * 7),
    })),
    { name: "JSON null", body: "null" },
    { name: "JSON array", body: "[]" },
    { name: "batch of two", body: JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]) },
    { name: "JSON string", body: '"{ __typename }"' },
    { name: "query is a number", body: JSON.stringify({ query: 5 }) },
    { name: "variables is a string", body: JSON.stringify({ query: "{ __typename }", variables: "x" }) },
    { name: "no query", body: JSON.stringify({ variables: {} }) },
    {
      name: "extensions garbage",
      body: JSON.stringify({
        query: "{ __typename }",
        extensions: { persistedQuery: { version: 1, sha256Hash: "zz" } },
      }),
    },
    {
      name: "over the body limit",
      body: JSON.stringify({ query: "{ __typename }", variables: { x: "x".repeat(2 * 1024 * 1024) } }),
    },
    { name: "deeply nested JSON body", body: "[".repeat(100_000) + "]".repeat(100_000) },
    { name: "text/plain body", body: "{ __typename }", contentType: "text/plain" },
    { name: "form body", body: "query=%7B__typename%7D", contentType: "application/x-www-form-urlencoded" },
    { name: "invalid UTF-8", body: Uint8Array.from([0x7b, 0x22, 0x71, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
    { name: "subscription by POST", body: JSON.stringify({ query: "subscription { researchEvents { sequence } }" }) },
    ...[5_000, 50_000].map((depth) => ({
      name: `metadata nested ${depth} deep`,
      body: deepMetadataMessage(context, depth),
      authenticated: true,
    })),
  ];
}
