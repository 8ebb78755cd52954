// What counts as settling a problem, when its source gives no explicit acceptance conditions.
interface AcceptanceInput {
  statement: string | null;
  resolutionState: string;
}

export function defaultAcceptanceConditions(problem: AcceptanceInput): string {
  if (!problem.statement) {
    return "No canonical statement is recorded: settle the statement with a curator before claiming a result.";
  }
  if (problem.resolutionState === "OPEN") {
    return "A complete proof or disproof of the canonical statement as written, with every deviation from it stated; a formal proof must match the pinned Lean declaration.";
  }
  return "The problem is recorded as resolved: new work should cite the resolving source, and a claimed correction needs a statement-integrity advisory.";
}
