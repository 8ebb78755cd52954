// Shared subscription execution: subscribers running the same operation on a field that declares itself
// the same for every caller get one execution per event; another operation, other variables, or a field
// without the declaration execute on their own.
import {
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import { describe, expect, it } from "vitest";
import { SAME_FOR_EVERY_CALLER } from "../../../src/graphql/caller-independent.js";
import { SharedExecutions } from "../../../src/http/socket/shared-execution.js";

interface Event {
  id: string;
}

/** A schema whose two subscription fields yield the given event objects; `label` counts its executions. */
function schemaOver(events: Event[]) {
  const executions: string[] = [];
  const EventType = new GraphQLObjectType<Event, { caller: string }>({
    name: "Event",
    fields: {
      label: {
        type: GraphQLString,
        args: { prefix: { type: GraphQLString } },
        resolve: (event, args: { prefix?: string }, context) => {
          executions.push(`${context.caller}:${event.id}`);
          return `${args.prefix ?? ""}${event.id}`;
        },
      },
    },
  });
  const stream = async function* () {
    yield* events;
  };
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: "Subscription",
      fields: {
        shared: {
          type: EventType,
          subscribe: stream,
          resolve: (event: Event) => event,
          extensions: { [SAME_FOR_EVERY_CALLER]: true },
        },
        own: { type: EventType, subscribe: stream, resolve: (event: Event) => event },
      },
    }),
  });
  return { schema, executions };
}

async function collect(
  shared: SharedExecutions,
  args: Omit<ExecutionArgs, "document"> & { query: string },
): Promise<ExecutionResult[]> {
  const stream = await shared.subscribe({ ...args, document: parse(args.query) });
  if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream));
  const results: ExecutionResult[] = [];
  for await (const result of stream) results.push(result);
  return results;
}

describe("SharedExecutions", () => {
  const events = [{ id: "e1" }, { id: "e2" }];

  it("executes each event once for every subscriber of the same operation, whoever calls", async () => {
    const { schema, executions } = schemaOver(events);
    const shared = new SharedExecutions(schema);
    const query = "subscription ($p: String) { shared { label(prefix: $p) } }";
    const results = await Promise.all(
      ["a", "b", "c"].map((caller) =>
        collect(shared, { schema, query, variableValues: { p: "#" }, contextValue: { caller } }),
      ),
    );
    for (const result of results)
      expect(result).toEqual([{ data: { shared: { label: "#e1" } } }, { data: { shared: { label: "#e2" } } }]);
    expect(executions).toHaveLength(2);
  });

  it("executes on its own for other variables, another document, or a field without the declaration", async () => {
    const { schema, executions } = schemaOver(events);
    const shared = new SharedExecutions(schema);
    const sharedQuery = "subscription ($p: String) { shared { label(prefix: $p) } }";
    const first = await collect(shared, {
      schema,
      query: sharedQuery,
      variableValues: { p: "x" },
      contextValue: { caller: "a" },
    });
    const second = await collect(shared, {
      schema,
      query: sharedQuery,
      variableValues: { p: "y" },
      contextValue: { caller: "b" },
    });
    expect(first.map((result) => result.data)).toEqual([{ shared: { label: "xe1" } }, { shared: { label: "xe2" } }]);
    expect(second.map((result) => result.data)).toEqual([{ shared: { label: "ye1" } }, { shared: { label: "ye2" } }]);
    await collect(shared, { schema, query: "subscription { own { label } }", contextValue: { caller: "c" } });
    await collect(shared, { schema, query: "subscription { own { label } }", contextValue: { caller: "d" } });
    expect(executions.sort()).toEqual(["a:e1", "a:e2", "b:e1", "b:e2", "c:e1", "c:e2", "d:e1", "d:e2"]);
  });

  it("executes again for a subscriber that reaches an event after the sharing window", async () => {
    const { schema, executions } = schemaOver(events);
    let now = 0;
    const shared = new SharedExecutions(schema, () => now);
    const query = "subscription { shared { label } }";
    await collect(shared, { schema, query, contextValue: { caller: "a" } });
    now = 5_000;
    await collect(shared, { schema, query, contextValue: { caller: "b" } });
    expect(executions).toEqual(["a:e1", "a:e2", "b:e1", "b:e2"]);
  });
});
