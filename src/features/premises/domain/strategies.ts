// The registry of allowed strategies; its ids match STRATEGY_IDS, and a query naming any other
// id is refused before a scorer runs.

import { bm25Strategy } from "./bm25-strategy.js";
import { seedTermOverlapStrategy } from "./seed-strategy.js";
import type { RetrievalStrategy } from "./strategy.types.js";
import { symbolVoteStrategy } from "./symbol-vote-strategy.js";

export const STRATEGIES: readonly RetrievalStrategy[] = [seedTermOverlapStrategy, bm25Strategy, symbolVoteStrategy];
