// graphql's `subscribe` for graphql-ws, with two changes for fan-out. One execution per event for every
// subscriber that runs the same operation (200 agents following one project send the same document and
// variables), only for fields that declare their results the same for every caller; and deliveries paced
// over turns of the event loop (DeliveryPacer), so a notice's fan-out does not stall the writes.
import {
  createSourceEventStream,
  execute,
  getOperationAST,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
// graphql's own `subscribe` maps the source stream with it; the same, so ending and errors behave alike.
import { mapAsyncIterator } from "graphql/execution/mapAsyncIterator.js";
import { SAME_FOR_EVERY_CALLER } from "../../graphql/caller-independent.js";
import { DeliveryPacer } from "./delivery-pacer.js";

/**
 * A result is reused this long after it was computed: one notice reaches every subscriber within
 * milliseconds; a replay later than this executes again, so what it resolves is as fresh as it was.
 */
const SHARED_FOR_MS = 1_000;

interface SharedResult {
  result: Promise<ExecutionResult>;
  /** When the execution finished; null while it runs (a running execution is always shared). */
  doneAt: number | null;
}

/** The operation's identity when every root field allows sharing, else null. */
function sharingKey(schema: GraphQLSchema, args: ExecutionArgs): string | null {
  const text = args.document.loc?.source.body;
  const operation = getOperationAST(args.document, args.operationName);
  const fields = schema.getSubscriptionType()?.getFields();
  if (text === undefined || operation?.operation !== "subscription" || !fields) return null;
  const shareable = operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === "Field" &&
      (selection.name.value === "__typename" ||
        fields[selection.name.value]?.extensions[SAME_FOR_EVERY_CALLER] === true),
  );
  if (!shareable) return null;
  return JSON.stringify([text, args.operationName ?? null, args.variableValues ?? null]);
}

/**
 * Per subscription server: results by event (the payload object the source stream yields, one object
 * per event for every subscriber that reads it from the shared change feed) and operation key.
 */
export class SharedExecutions {
  private readonly results = new WeakMap<object, Map<string, SharedResult>>();
  private readonly pacer = new DeliveryPacer();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly now: () => number = Date.now,
  ) {}

  /** graphql's `subscribe`: each event executed once per operation key when the operation allows it, then paced. */
  async subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    const key = sharingKey(this.schema, args);
    const stream = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in stream)) return stream as ExecutionResult;
    return mapAsyncIterator(stream as AsyncIterable<unknown>, async (payload) => {
      const result = await (key === null
        ? execute({ ...args, rootValue: payload })
        : this.executeOnce(key, payload, args));
      await this.pacer.turn();
      return result;
    });
  }

  private executeOnce(key: string, payload: unknown, args: ExecutionArgs): Promise<ExecutionResult> {
    const run = async () => execute({ ...args, rootValue: payload });
    if (typeof payload !== "object" || payload === null) return run();
    let byKey = this.results.get(payload);
    if (!byKey) this.results.set(payload, (byKey = new Map()));
    const found = byKey.get(key);
    if (found && (found.doneAt === null || this.now() - found.doneAt <= SHARED_FOR_MS)) return found.result;
    const shared: SharedResult = { result: run(), doneAt: null };
    byKey.set(key, shared);
    const settle = () => {
      shared.doneAt = this.now();
    };
    shared.result.then(settle, () => byKey.get(key) === shared && byKey.delete(key));
    return shared.result;
  }
}
