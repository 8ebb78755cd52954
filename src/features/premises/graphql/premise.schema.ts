// `premiseSearch`: transparent premise retrieval over the stored Lean metadata index. Every ranked
// premise carries its named score components; refusals come back as typed errors.
import { builder } from "../../../graphql/builder.js";
import { ErrorInterface } from "../../../graphql/errors.js";
import type { Premise, RankedPremise } from "../domain/premise.types.js";
import type { RenderedContext } from "../domain/recipes.js";
import { PremiseRetrievalError } from "../domain/premises.errors.js";
import { runPremiseSearch, type PremiseSearchPayload } from "../queries/run-premise-search.query.js";

builder.objectType(PremiseRetrievalError, {
  name: "ResearchPremiseRequestError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PremiseRetrievalError,
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

const PremiseSearchResultType = builder.objectRef<PremiseSearchPayload>("PremiseSearchResult").implement({
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
    errors: { types: [PremiseRetrievalError], directResult: true, union: { name: "PremiseSearchOutcome" } },
    resolve: (_root, { input }, context) => runPremiseSearch(context.services.premises, input, "graphql"),
  }),
);
