// Content digests of catalogue problems, so an importer can tell created, updated and unchanged
// rows apart without comparing fields one by one.
import { canonicalJson, contentDigest } from "../../../platform/lib/canonical-json.js";
import type { CatalogueProblem } from "./catalogue.types.js";

export { canonicalJson };

/** Hex sha256 of the problem's canonical JSON: equal exactly when every field is equal. */
export function catalogueProblemDigest(problem: CatalogueProblem): string {
  return contentDigest(problem);
}
