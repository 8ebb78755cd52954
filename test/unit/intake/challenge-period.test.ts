// The lazily read end of a challenge period: only a passed deadline changes the state, and an open
// advisory sends the problem to review instead of publication.
import { describe, expect, it } from "vitest";
import { settledPublication } from "../../../src/features/intake/domain/challenge-period.js";

const now = new Date("2026-12-03T12:00:00Z");
const past = new Date("2026-12-01T00:00:00Z");
const future = new Date("2026-12-17T00:00:00Z");

describe("settledPublication", () => {
  it.each([
    [{ publicationState: "CHALLENGE_PERIOD", challengeDeadline: future, openAdvisoryCount: 0 }, "CHALLENGE_PERIOD"],
    [{ publicationState: "CHALLENGE_PERIOD", challengeDeadline: past, openAdvisoryCount: 0 }, "PUBLISHED"],
    [{ publicationState: "CHALLENGE_PERIOD", challengeDeadline: past, openAdvisoryCount: 2 }, "PENDING_REVIEW"],
    [{ publicationState: "CHALLENGE_PERIOD", challengeDeadline: now, openAdvisoryCount: 0 }, "PUBLISHED"],
    [{ publicationState: "CHALLENGE_PERIOD", challengeDeadline: null, openAdvisoryCount: 0 }, "CHALLENGE_PERIOD"],
    [{ publicationState: "PENDING_REVIEW", challengeDeadline: past, openAdvisoryCount: 0 }, "PENDING_REVIEW"],
    [{ publicationState: "WITHDRAWN", challengeDeadline: past, openAdvisoryCount: 0 }, "WITHDRAWN"],
  ])("reads %o as %s", (facts, expected) => {
    expect(settledPublication(facts, now)).toBe(expected);
  });
});
