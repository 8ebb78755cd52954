// The premiseSearch use case for every transport (GraphQL, MCP): ranked premises with their named
// score components over the loaded index, and an optional byte-bounded context; refusals are typed.
import type { PremiseService } from "../domain/premise-service.js";
import type { Premise, RankedPremise, RetrievalResult } from "../domain/premise.types.js";
import { PremiseIndexUnavailableError } from "../domain/premises.errors.js";
import { parseRetrievalInput } from "../domain/queries.js";
import { renderContext, resolveRecipe, type RenderedContext } from "../domain/recipes.js";
import { searchPremises } from "../domain/search.js";

export interface PremiseSearchInput {
  text?: string | null;
  terms?: string[] | null;
  split?: string | null;
  strategy?: string | null;
  topK?: number | null;
  recipe?: string | null;
}

export type PremiseSearchPayload = RetrievalResult & {
  indexId: string;
  indexHash: string;
  premises: (RankedPremise & { premise: Premise })[];
  context: RenderedContext | null;
};

export function runPremiseSearch(
  service: PremiseService,
  input: PremiseSearchInput,
  queryId: string,
): PremiseSearchPayload {
  const loaded = service.current();
  if (!loaded) throw new PremiseIndexUnavailableError();
  // Refusals (PremiseRetrievalError, a DomainError) reach the caller as they are thrown.
  const query = parseRetrievalInput({ ...input, queryId }, { split: "dev", topK: 10 });
  const result = searchPremises(loaded.engine, query);
  const { premises, positionById } = loaded.engine.index;
  const context = query.recipeId
    ? renderContext(resolveRecipe(service.recipes, query.recipeId), result, loaded.engine.index)
    : null;
  return {
    ...result,
    indexId: loaded.info.id,
    indexHash: loaded.info.contentHash,
    premises: result.ranked.map((ranked) => ({ ...ranked, premise: premises[positionById.get(ranked.premiseId)!]! })),
    context,
  };
}
