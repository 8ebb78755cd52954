// check_plan's leading section: how each packet record bears on the plan, by accession, so the plan
// check points back at records instead of repeating them. A failed route leads; a weak claim is flagged.
import type { Category, PacketItem } from "./orient.types.js";

export const BEARINGS: Record<Category, { code: string; explanation: string }> = {
  NEGATIVE_TRACE: {
    code: "FAILED_BEFORE",
    explanation: "This route failed before; check its conditions before repeating it.",
  },
  ESTABLISHED_RESULT: { code: "BUILDS_ON", explanation: "An established result the plan can cite." },
  ARTIFACT: { code: "REUSABLE", explanation: "A replayable artifact: reuse it instead of recomputing." },
  FORMALIZATION: { code: "REUSABLE", explanation: "An existing formal record." },
  PRIOR_ATTEMPT: { code: "TRIED_BEFORE", explanation: "An earlier attempt along these lines." },
  UNVERIFIED_CLAIM: { code: "UNVERIFIED", explanation: "Do not rely on this without checking it." },
  OPEN_QUESTION: { code: "OPEN", explanation: "A question the plan may answer." },
};

export interface PlanBearing {
  accession: string;
  id: string;
  bearing: string;
  explanation: string;
}

/** Failed routes first (a reproduced failure leads a plan check), then by the plan order and score. */
export function planBearings(items: readonly PacketItem[], order: readonly Category[]): PlanBearing[] {
  return [...items]
    .sort((left, right) => order.indexOf(left.category) - order.indexOf(right.category) || right.score - left.score)
    .map((item) => ({
      accession: item.accession,
      id: item.id,
      bearing: BEARINGS[item.category].code,
      explanation: BEARINGS[item.category].explanation,
    }));
}
