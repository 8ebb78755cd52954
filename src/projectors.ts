// The derived views this service maintains, one projector from each feature's projection/ folder. The one
// factory service.ts, the CLIs, tools and tests build their registry with, so they cannot disagree.
import { problemDiscoveryProjector } from "./features/discovery/projection/problem-projector.js";
import { createMemoryProjector } from "./features/memory/projection/memory-projector.js";
import type { MemberTextCache } from "./features/memory/projection/member-text-cache.js";
import { researchMemoryProjector } from "./features/research/projection/research-projector.js";
import { ProjectionRegistry } from "./projections/registry.js";

export function createProjectionRegistry(options: { memberTexts?: MemberTextCache } = {}): ProjectionRegistry {
  // Start-up checks and rebuilds run in this order.
  return new ProjectionRegistry([
    createMemoryProjector(options.memberTexts),
    researchMemoryProjector,
    problemDiscoveryProjector,
  ]);
}
