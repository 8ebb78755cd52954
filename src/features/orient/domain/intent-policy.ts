// What each intent wants: the order of packet categories, the reserved categories, the record kinds
// a branch should hold to be worth descending, and whether superseded records are in view (audit).
import type { EvidenceGrade, ResearchKind } from "../../../generated/prisma/enums.js";
import type { Category, Intent } from "./orient.types.js";

/** Grades that let a claim count as an established result; weaker claims stay visible but unverified. */
export const ESTABLISHING_GRADES: readonly EvidenceGrade[] = [
  "FORMALLY_VERIFIED",
  "REPRODUCED",
  "SOURCE_BACKED",
  "COMPUTATIONAL",
];

export function categoryOf(kind: ResearchKind, grade: EvidenceGrade): Category {
  switch (kind) {
    case "CLAIM":
      return ESTABLISHING_GRADES.includes(grade) ? "ESTABLISHED_RESULT" : "UNVERIFIED_CLAIM";
    case "ATTEMPT":
      return "PRIOR_ATTEMPT";
    case "NEGATIVE_TRACE":
      return "NEGATIVE_TRACE";
    case "ARTIFACT":
      return "ARTIFACT";
    case "FORMALIZATION":
      return "FORMALIZATION";
    case "OPEN_QUESTION":
      return "OPEN_QUESTION";
  }
}

const PROOF_ORDER: Category[] = [
  "ESTABLISHED_RESULT",
  "NEGATIVE_TRACE",
  "PRIOR_ATTEMPT",
  "FORMALIZATION",
  "UNVERIFIED_CLAIM",
  "ARTIFACT",
  "OPEN_QUESTION",
];
const AUDIT_ORDER: Category[] = [
  "ESTABLISHED_RESULT",
  "UNVERIFIED_CLAIM",
  "FORMALIZATION",
  "NEGATIVE_TRACE",
  "PRIOR_ATTEMPT",
  "ARTIFACT",
  "OPEN_QUESTION",
];

/** Category order per intent: the seed's context order for ORIENT, the intent's own material first otherwise. */
export const CATEGORY_ORDER: Record<Intent, Category[]> = {
  ORIENT: [
    "ESTABLISHED_RESULT",
    "PRIOR_ATTEMPT",
    "NEGATIVE_TRACE",
    "ARTIFACT",
    "FORMALIZATION",
    "UNVERIFIED_CLAIM",
    "OPEN_QUESTION",
  ],
  COMPUTE: [
    "ARTIFACT",
    "NEGATIVE_TRACE",
    "ESTABLISHED_RESULT",
    "PRIOR_ATTEMPT",
    "UNVERIFIED_CLAIM",
    "FORMALIZATION",
    "OPEN_QUESTION",
  ],
  FORMALIZE: [
    "FORMALIZATION",
    "ESTABLISHED_RESULT",
    "NEGATIVE_TRACE",
    "PRIOR_ATTEMPT",
    "ARTIFACT",
    "UNVERIFIED_CLAIM",
    "OPEN_QUESTION",
  ],
  // Claims and active proof records lead a verification.
  VERIFY: [
    "ESTABLISHED_RESULT",
    "UNVERIFIED_CLAIM",
    "PRIOR_ATTEMPT",
    "FORMALIZATION",
    "NEGATIVE_TRACE",
    "ARTIFACT",
    "OPEN_QUESTION",
  ],
  PROVE: PROOF_ORDER,
  RESOLVE: PROOF_ORDER,
  BOUNTY: PROOF_ORDER,
  SOURCE_AUDIT: AUDIT_ORDER,
  CORRECTION: AUDIT_ORDER,
};

/** check_plan: a reproduced failure leads, then what the plan can build on. */
export const PLAN_CATEGORY_ORDER: Category[] = [
  "NEGATIVE_TRACE",
  "ESTABLISHED_RESULT",
  "ARTIFACT",
  "FORMALIZATION",
  "PRIOR_ATTEMPT",
  "UNVERIFIED_CLAIM",
  "OPEN_QUESTION",
];

/** Reserved categories: a relevant record of each keeps one slot even when stronger records crowd in. */
export function reservesFor(intent: Intent): Category[] {
  const reserves: Category[] = ["NEGATIVE_TRACE"];
  if (intent === "COMPUTE") reserves.unshift("ARTIFACT");
  if (intent === "FORMALIZE") reserves.unshift("FORMALIZATION");
  return reserves;
}

/** Kinds a branch should hold to be worth descending for this intent (a tie-breaker on overlap). */
export const PREFERRED_KINDS: Record<Intent, ResearchKind[]> = {
  ORIENT: ["CLAIM", "NEGATIVE_TRACE"],
  COMPUTE: ["ARTIFACT"],
  FORMALIZE: ["FORMALIZATION"],
  VERIFY: ["CLAIM", "ATTEMPT", "FORMALIZATION"],
  PROVE: ["CLAIM", "ATTEMPT", "NEGATIVE_TRACE"],
  RESOLVE: ["CLAIM", "ATTEMPT", "NEGATIVE_TRACE"],
  BOUNTY: ["CLAIM", "ATTEMPT", "NEGATIVE_TRACE"],
  SOURCE_AUDIT: ["CLAIM"],
  CORRECTION: ["CLAIM"],
};

/** Audit views: superseded records are eligible (marked as such) only here. */
export function includesSuperseded(intent: Intent): boolean {
  return intent === "SOURCE_AUDIT" || intent === "CORRECTION";
}
