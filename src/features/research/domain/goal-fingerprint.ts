// Proof-state fingerprints of Lean goal text. The exact one changes with any token; the structural
// one renames local hypotheses and bound variables in order of appearance, so the same goal stated
// with other names matches. Both are scoped to a pinned world by the caller.
import { sha256Hex } from "../../../platform/lib/canonical-json.js";

function normaliseWhitespace(goal: string): string {
  return goal.normalize("NFC").replace(/\s+/g, " ").trim();
}

export function exactGoalFingerprint(goal: string, pinnedWorld: string): string {
  return sha256Hex(`${pinnedWorld}\u0000${normaliseWhitespace(goal)}`);
}

// eslint-disable-next-line regexp/no-super-linear-backtracking -- read on whitespace-normalised text (single spaces), so the spaces around the names trade at most one character
const BINDER = /(?:∀|∃|fun|λ|Σ|∑|∏)\s+([^,:=>]+?)\s*(?:[,:]|=>|↦)/gu;
const HYPOTHESIS = /(?:^|\s)([A-Za-z_][\w']*)\s*:(?!=)/gu;

/** Local names: hypotheses (`h : ...`) and variables bound by ∀ ∃ fun λ and big operators. */
function localNames(goal: string): string[] {
  const names: string[] = [];
  for (const match of goal.matchAll(HYPOTHESIS)) names.push(match[1]!);
  for (const match of goal.matchAll(BINDER)) {
    for (const name of match[1]!.split(/[\s()]+/)) if (/^[A-Za-z_][\w']*$/.test(name)) names.push(name);
  }
  return [...new Set(names)];
}

export function structuralGoalShape(goal: string): string {
  const text = normaliseWhitespace(goal);
  const names = localNames(text);
  let shape = text;
  names.forEach((name, index) => {
    shape = shape.replace(
      new RegExp(`(?<![\\w.'])${name.replace(/[$()*+.?[\\\]^{|}]/g, "\\$&")}(?![\\w'])`, "gu"),
      `#${index}`,
    );
  });
  return shape;
}

export function structuralGoalFingerprint(goal: string, pinnedWorld: string): string {
  return sha256Hex(`${pinnedWorld}\u0000${structuralGoalShape(goal)}`);
}
