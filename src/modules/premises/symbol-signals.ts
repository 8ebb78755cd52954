// The query-to-premise signals of the symbol-vote strategy, each scaled to [0, 1] per query:
// text BM25, name BM25, exact symbol mentions, module proximity and the strategy tag.

import type { RetrievalQuery } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";
import { MODULE_PROXIMITY_DECAY, SIBLING_MODULE_CREDIT } from "./premises.constants.js";
import { Bm25Field } from "./bm25.js";
import { addScore, scaleToUnit } from "./score-arrays.js";
import { baselineDocument, queryTerms } from "./bm25-strategy.js";
import { identifierSymbols, identifierTerms } from "./tokenize.js";

export interface SymbolSignals {
  textBm25(query: RetrievalQuery): Float64Array;
  nameBm25(query: RetrievalQuery): Float64Array;
  symbolMention(query: RetrievalQuery): Float64Array;
  moduleProximity(query: RetrievalQuery): Float64Array;
  strategyTag(query: RetrievalQuery): Float64Array;
}

const DECLARATION_NAME = /^\s*(?:@\[[^\]]*\]\s*)?(?:(?:private|protected|noncomputable|nonrec|partial|unsafe)\s+)*(?:theorem|lemma|def|abbrev|instance|structure|class|inductive|alias)\s+([^\s({[:]+)/;

/** The declared name when the query text is a Lean signature; empty for free text. */
export function declaredName(text: string): string {
  return DECLARATION_NAME.exec(text)?.[1] ?? "";
}

/** Every dotted suffix of a premise id names it: `List.Perm.subperm`, `Perm.subperm`, `subperm`. */
function symbolTable(index: PremiseIndex): Map<string, number[]> {
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
  return table;
}

function parentModule(module: string): string {
  return module.slice(0, Math.max(0, module.lastIndexOf(".")));
}

export function buildSymbolSignals(index: PremiseIndex): SymbolSignals {
  const size = index.premises.length;
  const text = new Bm25Field(index.premises.map(baselineDocument));
  const names = new Bm25Field(index.premises.map((premise) => identifierTerms(premise.premiseId)));
  const symbols = symbolTable(index);
  return {
    textBm25(query) {
      const scores = new Float64Array(size);
      text.addScores(queryTerms(query), scores);
      return scaleToUnit(scores);
    },
    nameBm25(query) {
      const scores = new Float64Array(size);
      names.addScores(new Set(identifierTerms(declaredName(query.text))), scores);
      return scaleToUnit(scores);
    },
    symbolMention(query) {
      const scores = new Float64Array(size);
      for (const symbol of identifierSymbols(`${query.text} ${query.terms.join(" ")}`)) {
        const positions = symbols.get(symbol) ?? [];
        // Rarer names are stronger evidence: `Perm.subperm` names one premise, `length` dozens.
        const specificity = Math.log(1 + size / Math.max(1, positions.length));
        for (const position of positions) addScore(scores, position, specificity);
      }
      return scaleToUnit(scores);
    },
    moduleProximity(query) {
      const scores = new Float64Array(size);
      if (query.module === null) return scores;
      const parent = parentModule(query.module);
      index.premises.forEach((premise, position) => {
        if (premise.module === query.module) {
          const distance = query.declIndex !== null && premise.declIndex !== null ? Math.abs(query.declIndex - premise.declIndex) : 0;
          scores[position] = Math.exp(-distance / MODULE_PROXIMITY_DECAY);
        } else if (parent !== "" && parentModule(premise.module) === parent) {
          scores[position] = SIBLING_MODULE_CREDIT;
        }
      });
      return scores;
    },
    strategyTag(query) {
      return Float64Array.from(index.premises, (premise) => (premise.strategyTags.includes(query.strategy) ? 1 : 0));
    },
  };
}
