// What the intake feature adds to the services every request sees (src/graphql/context.ts).
import type { ChallengePeriodSweeper } from "../domain/challenge-period.js";

declare module "../../../graphql/context.js" {
  interface Services {
    /** Ends challenge periods whose deadline passed (reads also settle them lazily). */
    challengePeriods: ChallengePeriodSweeper;
  }
}
