// The projectors of one service, created once by createProjectionRegistry (src/projectors.ts) for
// service.ts and every CLI and passed down: to the write path (its inline views), worker, rebuilds, monitor.
import type { InlineViews } from "../events/change-events.js";
import { DERIVED_VIEWS } from "./freshness.js";
import { advanceViews, servingVersion } from "./projection-state.js";
import type { Projector } from "./projector.js";

export class ProjectionRegistry {
  /** What every append advances in its transaction: the views of the inline projectors. */
  readonly inlineViews: InlineViews;
  private readonly byView: ReadonlyMap<string, Projector>;

  /** Exactly one projector per derived view (DERIVED_VIEWS), so freshness and the dashboard name no view nobody builds. */
  constructor(readonly projectors: readonly Projector[]) {
    this.byView = new Map(projectors.map((projector) => [projector.view, projector]));
    const known = DERIVED_VIEWS.map((entry) => entry.view);
    const unknown = projectors.filter((projector) => !known.includes(projector.view)).map(({ view }) => view);
    const missing = known.filter((view) => !this.byView.has(view));
    if (unknown.length > 0 || missing.length > 0 || this.byView.size !== projectors.length)
      throw new Error(
        `projectors must cover each derived view once (${known.join(", ")}); ` +
          `unknown: ${unknown.join(", ") || "none"}, missing: ${missing.join(", ") || "none"}`,
      );
    const names = this.ofKind("inline").map((projector) => projector.view);
    this.inlineViews = { names, advance: (tx, sequence) => advanceViews(tx, names, sequence), prepare: preparer(this) };
  }

  get(view: string): Projector | undefined {
    return this.byView.get(view);
  }

  views(): string[] {
    return this.projectors.map((projector) => projector.view);
  }

  ofKind<Kind extends Projector["kind"]>(kind: Kind): Extract<Projector, { kind: Kind }>[] {
    return this.projectors.filter(
      (projector): projector is Extract<Projector, { kind: Kind }> => projector.kind === kind,
    );
  }
}

/**
 * Makes sure an inline view has its state and pointer on a database, once per client for this registry's
 * lifetime (a pointer, once made, is only ever switched, never removed).
 */
function preparer(registry: ProjectionRegistry): InlineViews["prepare"] {
  const prepared = new WeakMap<object, Set<string>>();
  return async (client, view) => {
    if (prepared.get(client)?.has(view)) return;
    const projector = registry.get(view);
    if (!projector || projector.kind !== "inline") throw new Error(`${view} is not an inline view of this registry`);
    await servingVersion(client, view, projector.codeVersion, projector.viewVersion);
    prepared.set(client, new Set([...(prepared.get(client) ?? []), view]));
  };
}
