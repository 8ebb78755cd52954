// What built a derived view: the recorded view version, read back from a state row's details, decides whether
// start-up rebuilds it; a token view's version joins its code version and the lexicon's hash.
import { describe, expect, it } from "vitest";
import {
  PROBLEM_SPARSE_VERSION,
  PROBLEM_SPARSE_VIEW_VERSION,
} from "../../../src/features/discovery/domain/sparse-document.js";
import { LEXICON } from "../../../src/text/lexicon/load.js";
import { NORMALIZER_CODE_VERSION, NORMALIZER_VERSION } from "../../../src/text/normalize.js";
import {
  RESEARCH_SPARSE_VERSION,
  RESEARCH_SPARSE_VIEW_VERSION,
} from "../../../src/features/research/projection/research-documents.js";
import { builtByViewVersion } from "../../../src/projections/stale-views.js";
import { MEMORY_VIEW_BUILD } from "../../../src/features/memory/projection/memory-projector.js";
import { MEMORY_VIEW_VERSION } from "../../../src/features/memory/domain/memory.constants.js";
import { createProjectionRegistry } from "../../../src/projectors.js";

const projections = createProjectionRegistry();

describe("view versions", () => {
  it("join the code version and the lexicon's hash for every view built from tokens", () => {
    const hash = LEXICON.hash.slice(0, 12);
    expect(NORMALIZER_VERSION).toBe(`${NORMALIZER_CODE_VERSION}+${hash}`);
    expect(PROBLEM_SPARSE_VIEW_VERSION).toBe(`${PROBLEM_SPARSE_VERSION}+${hash}`);
    expect(RESEARCH_SPARSE_VIEW_VERSION).toBe(`${RESEARCH_SPARSE_VERSION}+${hash}`);
    expect(projections.get("problem-discovery")?.viewVersion).toBe(PROBLEM_SPARSE_VIEW_VERSION);
    expect(projections.get("research-memory")?.viewVersion).toBe(RESEARCH_SPARSE_VIEW_VERSION);
    expect(projections.get("memory-branches")?.viewVersion).toBe(MEMORY_VIEW_BUILD);
    expect(MEMORY_VIEW_BUILD).toBe(`${NORMALIZER_CODE_VERSION * 1000 + MEMORY_VIEW_VERSION}+${hash}`);
  });

  it("read back the recorded view version, or a code version number from rows written before view versions", () => {
    expect(builtByViewVersion({ version: 3, details: { codeVersion: 21007, viewVersion: "21007+0123456789ab" } })).toBe(
      "21007+0123456789ab",
    );
    expect(builtByViewVersion({ version: 3, details: { codeVersion: 21007 } })).toBe("21007");
    expect(builtByViewVersion({ version: 21007, details: null })).toBe("21007");
  });

  it("make a view built before the lexicon's hash was recorded stale, and one built by this code and data fresh", () => {
    const rebuilder = projections.get("problem-discovery")!;
    expect(
      builtByViewVersion({ version: rebuilder.codeVersion, details: { codeVersion: rebuilder.codeVersion } }),
    ).not.toBe(rebuilder.viewVersion);
    expect(
      builtByViewVersion({
        version: rebuilder.codeVersion + 1,
        details: { codeVersion: rebuilder.codeVersion, viewVersion: rebuilder.viewVersion },
      }),
    ).toBe(rebuilder.viewVersion);
    // The memory view ranks key terms and summary sentences by tokens: a view built before it recorded the
    // lexicon's hash (its version was its code version, 3) is stale.
    const memory = projections.get("memory-branches")!;
    expect(builtByViewVersion({ version: 3, details: { codeVersion: 3 } })).not.toBe(memory.viewVersion);
  });
});
