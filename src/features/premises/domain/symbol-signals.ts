// The query-to-premise signals of the symbol-vote strategy, each scaled to [0, 1] per query:
// text BM25, name BM25, exact symbol mentions, module proximity and the strategy tag.

import type { RetrievalQuery } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";
import { BASELINE_BM25, MODULE_PROXIMITY_DECAY, SIBLING_MODULE_CREDIT } from "./premises.constants.js";
import { Bm25Field } from "../../../retrieval/bm25-field.js";
import { addTouchedScore, SignalScratch, type SignalValues, unitScale, unitScaleOf } from "./score-arrays.js";
import { baselineDocument } from "./bm25-strategy.js";
import { identifierTerms } from "./tokenize.js";
import { scanIdentifiers } from "./identifier-scanner.js";

/**
 * What the signals read of a query's text and terms, tokenised once per query in one pass: its identifier
 * terms (as `queryTerms` gives them, for text BM25 and neighbour votes) and its symbols (for mentions).
 */
export interface QueryTokens {
  terms: ReadonlySet<string>;
  symbols: ReadonlySet<string>;
}

export function queryTokens(query: RetrievalQuery): QueryTokens {
  const terms = new Set<string>();
  const symbols = new Set<string>();
  // Text first, then each extra term: the order `queryTerms` adds them in, which fixes the order of the sums.
  scanIdentifiers(query.text, terms, symbols);
  for (const term of query.terms) scanIdentifiers(term, terms, symbols);
  return { terms, symbols };
}

/** A signal reads the query and its tokens. */
export type QuerySignal = (query: RetrievalQuery, tokens: QueryTokens) => SignalValues;

export interface SymbolSignals {
  textBm25: QuerySignal;
  nameBm25: QuerySignal;
  symbolMention: QuerySignal;
  moduleProximity: QuerySignal;
  strategyTag: QuerySignal;
}

const DECLARATION_NAME =
  /^\s*(?:@\[[^\]]*\]\s*)?(?:(?:private|protected|noncomputable|nonrec|partial|unsafe)\s+)*(?:theorem|lemma|def|abbrev|instance|structure|class|inductive|alias)\s+([^\s({[:]+)/;

/** The declared name when the query text is a Lean signature; empty for free text. */
export function declaredName(text: string): string {
  return DECLARATION_NAME.exec(text)?.[1] ?? "";
}

/** The premises a symbol names, and how strongly a mention of it counts. */
interface SymbolEntry {
  positions: number[];
  /** Rarer names are stronger evidence: `Perm.subperm` names one premise, `length` dozens. */
  specificity: number;
}

/** Every dotted suffix of a premise id names it: `List.Perm.subperm`, `Perm.subperm`, `subperm`. */
function symbolTable(index: PremiseIndex): Map<string, SymbolEntry> {
  const table = new Map<string, number[]>();
  index.premises.forEach((premise, position) => {
    const parts = premise.premiseId.split(".");
    for (let start = 0; start < parts.length; start += 1) {
      const key = parts.slice(start).join(".");
      const list = table.get(key) ?? [];
      if (!list.includes(position)) list.push(position);
      table.set(key, list);
    }
  });
  const size = index.premises.length;
  const entries = new Map<string, SymbolEntry>();
  for (const [key, positions] of table)
    entries.set(key, { positions, specificity: Math.log(1 + size / Math.max(1, positions.length)) });
  return entries;
}

function parentModule(module: string): string {
  return module.slice(0, Math.max(0, module.lastIndexOf(".")));
}

function groupPositions(
  index: PremiseIndex,
  keysOf: (premise: PremiseIndex["premises"][number]) => readonly string[],
): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  index.premises.forEach((premise, position) => {
    for (const key of new Set(keysOf(premise))) {
      const group = groups.get(key) ?? [];
      group.push(position);
      groups.set(key, group);
    }
  });
  return groups;
}

/** A premise's credit in the query's own module, decaying with the distance between their declarations. */
function moduleProximity(distance: number): number {
  return Math.exp(-distance / MODULE_PROXIMITY_DECAY);
}

/**
 * `moduleProximity` of every whole distance two premises of the index can be apart, computed once: a query
 * in a module visits its hundred-odd premises, and the same `Math.exp` then gives the same double. Distances
 * the table does not hold (a query declared beyond the index, a fractional index) are computed as they come.
 */
function proximityTable(index: PremiseIndex): Float64Array {
  const largest = index.premises.reduce((most, { declIndex }) => Math.max(most, declIndex ?? 0), 0);
  return Float64Array.from({ length: largest + 1 }, (_, distance) => moduleProximity(distance));
}

export function buildSymbolSignals(index: PremiseIndex): SymbolSignals {
  const size = index.premises.length;
  const text = new Bm25Field(index.premises.map(baselineDocument), BASELINE_BM25);
  const names = new Bm25Field(
    index.premises.map((premise) => identifierTerms(premise.premiseId)),
    BASELINE_BM25,
  );
  const symbols = symbolTable(index);
  // Module proximity and strategy tags touch a few premises per query; index them once so a query
  // visits those premises, not the corpus.
  const byModule = groupPositions(index, (premise) => [premise.module]);
  const byParentModule = groupPositions(index, (premise) =>
    [parentModule(premise.module)].filter((parent) => parent !== ""),
  );
  const proximity = proximityTable(index);
  const byStrategyTag = new Map<string, SignalValues>();
  for (const [tag, positions] of groupPositions(index, (premise) => premise.strategyTags)) {
    const marks = new Float64Array(size);
    for (const position of positions) marks[position] = 1;
    byStrategyTag.set(tag, { values: marks, scale: 1, touched: positions });
  }
  // Shared by every signal that reaches no premise for a query; nothing ever writes to it.
  const silent: SignalValues = { values: new Float64Array(size), scale: 1, touched: [] };
  // Each signal's array is reused across queries (see SignalScratch), owned by this strategy's signals.
  const scratch = {
    text: new SignalScratch(size),
    name: new SignalScratch(size),
    symbol: new SignalScratch(size),
    module: new SignalScratch(size),
  };
  return {
    textBm25(_query, { terms }) {
      // Dense: a query's text terms reach most of the corpus (about three premises in four on the dev
      // queries), where listing the premises reached costs more than visiting every slot.
      scratch.text.beginDense();
      const scores = scratch.text.values;
      return { values: scores, scale: unitScaleOf(text.addScoresFromZero(terms, scores)), touched: null };
    },
    nameBm25(query) {
      // Free text declares no name, so it has no name terms and scores nothing: skip the pass.
      const name = declaredName(query.text);
      if (name === "") return silent;
      const touched = scratch.name.begin();
      const scores = scratch.name.values;
      const nameTerms = new Set<string>();
      scanIdentifiers(name, nameTerms, null);
      return { values: scores, scale: unitScaleOf(names.addTouchedScores(nameTerms, scores, touched)), touched };
    },
    symbolMention(_query, { symbols: mentioned }) {
      const touched = scratch.symbol.begin();
      const scores = scratch.symbol.values;
      for (const symbol of mentioned) {
        const entry = symbols.get(symbol);
        if (entry !== undefined)
          for (const position of entry.positions) addTouchedScore(scores, touched, position, entry.specificity);
      }
      return { values: scores, scale: unitScale(scores, touched), touched };
    },
    moduleProximity(query) {
      if (query.module === null) return silent;
      const parent = parentModule(query.module);
      // The module's own premises share its parent, so the parent's group lists every premise set here.
      const touched = (parent !== "" ? byParentModule.get(parent) : byModule.get(query.module)) ?? [];
      scratch.module.beginWithin(touched);
      const scores = scratch.module.values;
      if (parent !== "")
        for (const position of byParentModule.get(parent) ?? []) scores[position] = SIBLING_MODULE_CREDIT;
      for (const position of byModule.get(query.module) ?? []) {
        const declIndex = index.premises[position]?.declIndex ?? null;
        const distance = query.declIndex !== null && declIndex !== null ? Math.abs(query.declIndex - declIndex) : 0;
        scores[position] = proximity[distance] ?? moduleProximity(distance);
      }
      return { values: scores, scale: 1, touched };
    },
    strategyTag(query) {
      // Constant per strategy, so built once; callers add it into their own array and never write to it.
      return byStrategyTag.get(query.strategy) ?? silent;
    },
  };
}
