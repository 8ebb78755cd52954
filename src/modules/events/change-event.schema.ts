// ChangeEvent in GraphQL and the `researchEvents` subscription: every committed event once, in
// sequence order, filtered by problem or project; pass `afterSequence` to resume after a reconnect.
import { builder } from "../../graphql/builder.js";
import { streamEvents, type ChangeEventRow } from "../../events/event-stream.js";
import { resolveProblemRef } from "../identity/resolve-problem-ref.js";
import { NotFoundError } from "../../errors/domain-error.js";
import { projectUuid } from "../research/research-refs.js";

export const ChangeEventType = builder.objectRef<ChangeEventRow>("ChangeEvent").implement({
  description: "One entry of the append-only change stream.",
  fields: (t) => ({
    sequence: t.field({ type: "BigInt", resolve: (event) => event.sequence }),
    routingTargetId: t.exposeString("routingTargetId", { nullable: true }),
    projectId: t.exposeString("projectId", { nullable: true }),
    resourceType: t.exposeString("resourceType"),
    resourceId: t.exposeString("resourceId"),
    eventType: t.exposeString("eventType"),
    payloadVersion: t.exposeInt("payloadVersion"),
    payload: t.expose("payload", { type: "JSON" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.subscriptionField("researchEvents", (t) =>
  t.field({
    type: ChangeEventType,
    description: "Committed change events in sequence order, optionally for one problem or project.",
    args: {
      problemRef: t.arg.string(),
      projectId: t.arg.id(),
      afterSequence: t.arg({ type: "BigInt", description: "Resume after this sequence (default: from now)." }),
    },
    subscribe: async function* (_root, args, context) {
      let routingTargetId: string | undefined;
      if (args.problemRef) {
        const resolution = await resolveProblemRef(context.prisma, args.problemRef);
        if (!resolution.problemId) throw new NotFoundError(`No single problem matches ${args.problemRef}`, args.problemRef);
        routingTargetId = resolution.problemId;
      }
      const projectId = args.projectId ? projectUuid(String(args.projectId)) : undefined;
      const feed = context.services.changeFeed;
      await feed.start();
      yield* streamEvents({
        prisma: context.prisma,
        feed,
        afterSequence: args.afterSequence ?? feed.head(),
        filter: { ...(routingTargetId ? { routingTargetId } : {}), ...(projectId ? { projectId } : {}) },
        signal: context.signal,
      });
    },
    resolve: (event) => event,
  }),
);
