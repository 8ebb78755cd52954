// `premiseSearch`: transparent premise retrieval over the stored Lean metadata index. Every ranked
// premise carries its named score components; refusals come back as typed errors.
import { builder } from "../../graphql/builder.js";
import { DomainError } from "../../errors/domain-error.js";
import { ErrorInterface } from "../../graphql/errors.js";
import { PremiseRetrievalError } from "./premises.errors.js";
import type { Premise, RankedPremise, RetrievalResult } from "./premise.types.js";
import { parseRetrievalInput } from "./queries.js";
import { renderContext, resolveRecipe, type RenderedContext } from "./recipes.js";
import { searchPremises } from "./search.js";

/** A premise refusal or input error as a GraphQL error member; `code` names which of them. */
export class PremiseRequestError extends DomainError {}

builder.objectType(PremiseRequestError, {
  name: "ResearchPremiseRequestError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PremiseRequestError,
});

const PremiseSearchInput = builder.inputType("PremiseSearchInput", {
  fields: (t) => ({
    text: t.string({ description: "Query text, e.g. a Lean signature and docstring." }),
    terms: t.stringList({ description: "Extra query terms." }),
    split: t.string({ description: "train, dev or test (default dev): premises not allowed for it are skipped." }),
    strategy: t.string({ description: "term-overlap (the seed), bm25 or symbol-vote (default)." }),
    topK: t.int({ description: "1 to 1,000 (default 10)." }),
    recipe: t.string({ description: "Context recipe id; renders a byte-bounded context." }),
  }),
});

const PremiseType = builder.objectRef<Premise>("Premise").implement({
  fields: (t) => ({
    premiseId: t.exposeString("premiseId"),
    namespace: t.exposeString("namespace"),
    declName: t.exposeString("declName"),
    kind: t.exposeString("kind"),
    module: t.exposeString("module"),
    statementExcerpt: t.exposeString("statementExcerpt"),
    docstring: t.exposeString("docstring", { nullable: true }),
    retrievalTerms: t.exposeStringList("retrievalTerms"),
  }),
});

const RankedPremiseType = builder.objectRef<RankedPremise & { premise: Premise }>("RankedPremise").implement({
  fields: (t) => ({
    rank: t.exposeInt("rank"),
    premiseId: t.exposeString("premiseId"),
    score: t.exposeFloat("score"),
    components: t.expose("components", { type: "JSON", description: "Named score parts; they sum to `score`." }),
    premise: t.field({ type: PremiseType, resolve: (ranked) => ranked.premise }),
  }),
});

const RenderedContextType = builder.objectRef<RenderedContext>("PremiseContext").implement({
  fields: (t) => ({
    recipeId: t.exposeString("recipeId"),
    premiseCount: t.exposeInt("premiseCount"),
    bytes: t.exposeInt("bytes"),
    text: t.exposeString("text"),
  }),
});

type SearchPayload = RetrievalResult & { indexId: string; indexHash: string; premises: (RankedPremise & { premise: Premise })[]; context: RenderedContext | null };

const PremiseSearchResultType = builder.objectRef<SearchPayload>("PremiseSearchResult").implement({
  fields: (t) => ({
    strategy: t.exposeString("strategy"),
    split: t.exposeString("split"),
    consideredCount: t.exposeInt("consideredCount"),
    indexId: t.exposeString("indexId"),
    indexHash: t.exposeString("indexHash"),
    premises: t.field({ type: [RankedPremiseType], resolve: (result) => result.premises }),
    context: t.field({ type: RenderedContextType, nullable: true, resolve: (result) => result.context }),
  }),
});

builder.queryField("premiseSearch", (t) =>
  t.field({
    type: PremiseSearchResultType,
    args: { input: t.arg({ type: PremiseSearchInput, required: true }) },
    errors: { types: [PremiseRequestError], directResult: true, union: { name: "PremiseSearchOutcome" } },
    resolve: (_root, { input }, context) => {
      const loaded = context.services.premises.current();
      if (!loaded) throw new PremiseRequestError("PREMISE_INDEX_UNAVAILABLE", "The premise index is not loaded yet");
      try {
        const query = parseRetrievalInput({ ...input, queryId: "graphql" }, { split: "dev", topK: 10 });
        const result = searchPremises(loaded.engine, query);
        const { premises, positionById } = loaded.engine.index;
        const contextText = query.recipeId ? renderContext(resolveRecipe(context.services.premises.recipes, query.recipeId), result, loaded.engine.index) : null;
        return {
          ...result,
          indexId: loaded.info.id,
          indexHash: loaded.info.contentHash,
          premises: result.ranked.map((ranked) => ({ ...ranked, premise: premises[positionById.get(ranked.premiseId)!]! })),
          context: contextText,
        };
      } catch (error) {
        if (error instanceof PremiseRetrievalError) throw new PremiseRequestError(error.code, error.message);
        throw error;
      }
    },
  }),
);
