// Actionability of an intent on a problem: a settled resolution state or a blocking statement-integrity
// advisory pauses proof, resolution and bounty work; audit and correction stay open; a challenge period states its deadline.
import type { Intent } from "./orient.types.js";

/** Work that relies on the statement being right: paused while a blocking advisory is open. */
export const STATEMENT_DEPENDENT_INTENTS: readonly Intent[] = ["PROVE", "RESOLVE", "BOUNTY"];
/** Work on the statement or its sources itself: always available, even when everything else pauses. */
export const AUDIT_INTENTS: readonly Intent[] = ["SOURCE_AUDIT", "CORRECTION"];

/**
 * Resolution states that settle the question: proving, resolving or claiming a bounty again is moot,
 * while verifying, formalizing and auditing the settling argument stay useful. NOT_PROVABLE and
 * NOT_DISPROVABLE settle one direction only, so the other may still be worked on.
 */
export const SETTLED_RESOLUTION_STATES: readonly string[] = ["PROVED", "DISPROVED", "SOLVED", "INDEPENDENT"];

export interface ActionabilityInput {
  intent: Intent;
  resolutionState: string;
  publicationState: string;
  hasStatement: boolean;
  challengeDeadline: Date | null;
  blockingAdvisories: { kind: string; message: string }[];
}

export interface Actionability {
  intent: Intent;
  actionable: boolean;
  pausedIntents: Intent[];
  reasons: string[];
  challengeDeadline: Date | null;
}

/** States in which only audit and correction continue, with the reason orient gives. */
const CLOSED_STATES: Readonly<Record<string, string>> = {
  WITHDRAWN: "The problem is withdrawn: only SOURCE_AUDIT and CORRECTION work continues.",
  REJECTED: "A curator rejected this submission: only SOURCE_AUDIT and CORRECTION work continues.",
  PENDING_REVIEW:
    "The problem waits for curator review (a strong match or a challenged period): only SOURCE_AUDIT and CORRECTION work continues.",
};

function pausedFor(input: ActionabilityInput): { intents: Intent[]; reasons: string[] } {
  const closed = CLOSED_STATES[input.publicationState];
  if (closed)
    return { intents: ["ORIENT", "COMPUTE", "FORMALIZE", "VERIFY", ...STATEMENT_DEPENDENT_INTENTS], reasons: [closed] };
  const reasons: string[] = [];
  const intents = new Set<Intent>();
  if (SETTLED_RESOLUTION_STATES.includes(input.resolutionState)) {
    reasons.push(
      `The problem is ${input.resolutionState}: PROVE, RESOLVE and BOUNTY are paused; VERIFY, FORMALIZE, SOURCE_AUDIT and CORRECTION of the resolution stay open.`,
    );
    for (const intent of STATEMENT_DEPENDENT_INTENTS) intents.add(intent);
  }
  for (const advisory of input.blockingAdvisories) {
    reasons.push(
      `Blocking ${advisory.kind} advisory: ${advisory.message} PROVE, RESOLVE and BOUNTY are paused; use SOURCE_AUDIT or CORRECTION.`,
    );
    for (const intent of STATEMENT_DEPENDENT_INTENTS) intents.add(intent);
  }
  if (!input.hasStatement) {
    reasons.push("No canonical statement is recorded: PROVE, RESOLVE and BOUNTY wait until a curator settles it.");
    for (const intent of STATEMENT_DEPENDENT_INTENTS) intents.add(intent);
  }
  return { intents: [...intents], reasons };
}

export function actionability(input: ActionabilityInput): Actionability {
  const paused = pausedFor(input);
  const actionable = !paused.intents.includes(input.intent);
  const reasons = [...paused.reasons];
  if (input.publicationState !== "CHALLENGE_PERIOD" && input.challengeDeadline !== null) {
    reasons.push(
      `The challenge period ended ${input.challengeDeadline.toISOString()}; the problem is now ${input.publicationState}.`,
    );
  }
  if (input.publicationState === "CHALLENGE_PERIOD") {
    const deadline = input.challengeDeadline ? input.challengeDeadline.toISOString() : "not set";
    reasons.push(
      `Challenge period until ${deadline}: the problem is actionable, but editorial review is not complete.`,
    );
  }
  if (actionable && reasons.length === 0) reasons.push(`${input.intent} work on this problem is available.`);
  return {
    intent: input.intent,
    actionable,
    pausedIntents: paused.intents,
    reasons,
    challengeDeadline: input.publicationState === "CHALLENGE_PERIOD" ? input.challengeDeadline : null,
  };
}
