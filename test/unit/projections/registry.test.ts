// The projection registry: built by one factory for the service and every CLI, it covers each derived
// view exactly once, and its inline views are what every append advances.
import { describe, expect, it } from "vitest";
import { DERIVED_VIEWS } from "../../../src/projections/freshness.js";
import { ProjectionRegistry } from "../../../src/projections/registry.js";
import { createProjectionRegistry } from "../../../src/projectors.js";

describe("projection registry", () => {
  it("has one projector per derived view, the sparse views inline and memory branches on the worker", () => {
    const registry = createProjectionRegistry();
    expect([...registry.views()].sort()).toEqual(DERIVED_VIEWS.map((entry) => entry.view).sort());
    expect([...registry.inlineViews.names].sort()).toEqual(["problem-discovery", "research-memory"]);
    expect(registry.ofKind("worker").map((projector) => projector.view)).toEqual(["memory-branches"]);
  });

  it("refuses projectors that leave a derived view out, name an unknown one or repeat one", () => {
    const [memory, research, problems] = createProjectionRegistry().projectors;
    expect(() => new ProjectionRegistry([memory!, research!])).toThrow(/missing: problem-discovery/);
    expect(() => new ProjectionRegistry([memory!, research!, problems!, { ...memory!, view: "other" }])).toThrow(
      /unknown: other/,
    );
    expect(() => new ProjectionRegistry([memory!, research!, problems!, memory!])).toThrow(/each derived view once/);
  });
});
