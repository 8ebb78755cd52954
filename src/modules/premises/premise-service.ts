// The process-wide premise search engine over the stored `default` index. On first start the bundled
// fixture index is stored, so premiseSearch works on a fresh clone; `npm run premises -- load` replaces it.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { projectRoot } from "../../env.js";
import { loadContextRecipes, type ContextRecipe } from "./recipes.js";
import { createPremiseSearchEngine, type PremiseSearchEngine } from "./search.js";
import { readPremiseIndex, storePremiseIndex, type StoredIndexInfo } from "./premise-store.js";

export const DEFAULT_PREMISE_INDEX_ID = "default";
const FIXTURE_DIRECTORY = path.join(projectRoot, "fixtures", "premises", "input");

export class PremiseService {
  private engine: PremiseSearchEngine | null = null;
  private indexInfo: StoredIndexInfo | null = null;
  readonly recipes: ReadonlyMap<string, ContextRecipe>;

  constructor(private readonly prisma: PrismaClient) {
    this.recipes = loadContextRecipes(readFileSync(path.join(FIXTURE_DIRECTORY, "context_recipes.jsonl"), "utf8"), "bundled context recipes");
  }

  async start(): Promise<void> {
    let stored = await readPremiseIndex(this.prisma, DEFAULT_PREMISE_INDEX_ID);
    if (!stored) {
      const sourcePath = path.join(FIXTURE_DIRECTORY, "premise_index.jsonl");
      await storePremiseIndex(this.prisma, { id: DEFAULT_PREMISE_INDEX_ID, sourcePath, jsonlText: readFileSync(sourcePath, "utf8") });
      stored = await readPremiseIndex(this.prisma, DEFAULT_PREMISE_INDEX_ID);
    }
    this.engine = createPremiseSearchEngine(stored!.index);
    this.indexInfo = stored!.info;
  }

  current(): { engine: PremiseSearchEngine; info: StoredIndexInfo } | null {
    return this.engine && this.indexInfo ? { engine: this.engine, info: this.indexInfo } : null;
  }
}
