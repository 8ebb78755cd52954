// The process-wide premise search engine over the stored `default` index. On first start an index is
// stored so premiseSearch works on a fresh clone: the bundled Batteries corpus (data/bundled/) or, for
// tests and demos, the small fixture index; `npm run premises -- load` replaces it.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { projectRoot } from "../../../env.js";
import { loadContextRecipes, type ContextRecipe } from "./recipes.js";
import { createPremiseSearchEngine, type PremiseSearchEngine } from "./search.js";
import { readPremiseIndex, storePremiseIndex, type StoredIndexInfo } from "./premise-store.js";
import { bundledFilePath, readBundledText } from "../../catalogue/domain/bundled-data.js";

/** Which corpus a first start stores when no `default` index exists. */
export type InitialPremiseSource = "bundled" | "fixture";

export interface PremiseStartReport {
  /** Whether this start stored the index (first start) or found one. */
  stored: boolean;
  source: InitialPremiseSource | "existing";
  info: StoredIndexInfo;
}

export const DEFAULT_PREMISE_INDEX_ID = "default";
const FIXTURE_DIRECTORY = path.join(projectRoot, "fixtures", "premises", "input");

export class PremiseService {
  private engine: PremiseSearchEngine | null = null;
  private indexInfo: StoredIndexInfo | null = null;
  readonly recipes: ReadonlyMap<string, ContextRecipe>;

  constructor(private readonly prisma: PrismaClient) {
    this.recipes = loadContextRecipes(
      readFileSync(path.join(FIXTURE_DIRECTORY, "context_recipes.jsonl"), "utf8"),
      "bundled context recipes",
    );
  }

  async start(initial: InitialPremiseSource = "fixture"): Promise<PremiseStartReport> {
    let stored = await readPremiseIndex(this.prisma, DEFAULT_PREMISE_INDEX_ID);
    const found = stored !== null;
    if (!stored) {
      const sourcePath =
        initial === "bundled" ? bundledFilePath("premiseCorpus") : path.join(FIXTURE_DIRECTORY, "premise_index.jsonl");
      const jsonlText = initial === "bundled" ? readBundledText("premiseCorpus") : readFileSync(sourcePath, "utf8");
      await storePremiseIndex(this.prisma, { id: DEFAULT_PREMISE_INDEX_ID, sourcePath, jsonlText });
      stored = await readPremiseIndex(this.prisma, DEFAULT_PREMISE_INDEX_ID);
    }
    this.engine = createPremiseSearchEngine(stored!.index);
    this.indexInfo = stored!.info;
    return { stored: !found, source: found ? "existing" : initial, info: stored!.info };
  }

  current(): { engine: PremiseSearchEngine; info: StoredIndexInfo } | null {
    return this.engine && this.indexInfo ? { engine: this.engine, info: this.indexInfo } : null;
  }
}
