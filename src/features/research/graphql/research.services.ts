// What the research feature adds to the services every request sees (src/graphql/context.ts): the
// change stream, whose GraphQL face (ChangeEvent, researchEvents, dashboardEvents) lives here.
import type { ChangeFeed } from "../../../events/change-feed.js";
import type { SharedEventSubjects } from "../../../events/event-subjects.js";
import type { EventNotifier } from "../../../events/notifier.js";
import type { ProjectionRegistry } from "../../../projections/registry.js";
import type { ResearchWriteBatcher } from "../commands/research-write-batcher.js";
import type { AnalysedTextSink } from "../commands/record-research.command.js";
import type { RecentClaims } from "../commands/recent-claims.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** Wakes readers of the change stream after a commit; every write command signals through it. */
    notifier: EventNotifier;
    /** One reader of new change events for every subscriber in the process. */
    changeFeed: ChangeFeed;
    /** What each delivered event is about, loaded once for all the subscribers one notice reaches. */
    eventSubjects: SharedEventSubjects;
    /** The derived views' projectors (createProjectionRegistry); write paths take its inline views. */
    projections: ProjectionRegistry;
    /** Group commit of recordResearch's autocommit writes: one queue per process and database. */
    researchWrites: ResearchWriteBatcher;
    /** Where writes hand their text analysis to the memory projector in this process; absent when it runs elsewhere. */
    analysedTexts?: AnalysedTextSink;
    /** Keys this process saw claimed and its writes in flight: a retried write reads its answer instead of writing. */
    recentClaims: RecentClaims;
  }
}
