// ChangeEvent in GraphQL and the `researchEvents` subscription: every committed event once, in
// sequence order, filtered by problem or project; pass `afterSequence` to resume after a reconnect.
import { builder } from "../../../graphql/builder.js";
import { SAME_FOR_EVERY_CALLER } from "../../../graphql/caller-independent.js";
import type { ChangeEventRow } from "../../../events/change-events.js";
import type { EventSubject } from "../../../events/event-subjects.js";
import { dashboardEventBatches, MAX_REPLAY, researchEvents } from "../queries/change-events.query.js";

const EventSubjectType = builder.objectRef<EventSubject>("EventSubject").implement({
  description: "What a change event is about, for a person reading the feed.",
  fields: (t) => ({
    title: t.exposeString("title", {
      nullable: true,
      description: "The record's title, the project's name, the problem's title, or a relation's ends.",
    }),
    kind: t.exposeString("kind", {
      description: "Research kind (LEMMA...), relation type, or the resource type (problem, project, advisory).",
    }),
    accession: t.exposeString("accession", { nullable: true, description: "R123 for a research object." }),
    state: t.exposeString("state", { nullable: true, description: "A research object's state now." }),
    projectId: t.exposeString("projectId", { nullable: true }),
    projectName: t.exposeString("projectName", { nullable: true }),
    problemStableId: t.exposeString("problemStableId", { nullable: true }),
    problemTitle: t.exposeString("problemTitle", { nullable: true }),
  }),
});

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
    subject: t.field({
      type: EventSubjectType,
      description:
        "Title, kind, project and problem of what the event is about (batched: one statement for a batch of events).",
      // Shared: every subscriber a notice reaches takes the subjects one load made.
      resolve: (event, _args, context) => context.loaders.of(context.services.eventSubjects.loader).load(event),
    }),
  }),
});

builder.subscriptionField("dashboardEvents", (t) =>
  t.field({
    type: [ChangeEventType],
    description:
      "Committed change events in batches (what one notice brought), optionally for one problem or project: first the last `replayLast` " +
      "matching events, then everything new. A batch resolves `subject` with one statement, so a burst costs a few queries, not a few per event.",
    args: {
      problemRef: t.arg.string(),
      projectId: t.arg.id(),
      replayLast: t.arg.int({ description: `Past events to send first (0-${MAX_REPLAY}, default 0).` }),
    },
    subscribe: (_root, args, context) =>
      dashboardEventBatches({
        prisma: context.prisma,
        feed: context.services.changeFeed,
        scope: args,
        replayLast: args.replayLast,
        signal: context.signal,
      }),
    resolve: (events) => events,
  }),
);

builder.subscriptionField("researchEvents", (t) =>
  t.field({
    type: ChangeEventType,
    description: "Committed change events in sequence order, optionally for one problem or project.",
    // Every ChangeEvent field reads only the event; the filter is applied in `subscribe`. So subscribers
    // sending the same operation share one execution of each event they are sent.
    extensions: { [SAME_FOR_EVERY_CALLER]: true },
    args: {
      problemRef: t.arg.string(),
      projectId: t.arg.id(),
      afterSequence: t.arg({ type: "BigInt", description: "Resume after this sequence (default: from now)." }),
    },
    subscribe: (_root, args, context) =>
      researchEvents({
        prisma: context.prisma,
        feed: context.services.changeFeed,
        scope: args,
        afterSequence: args.afterSequence,
        signal: context.signal,
      }),
    resolve: (event) => event,
  }),
);
