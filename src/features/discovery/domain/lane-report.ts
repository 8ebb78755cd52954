// What one retrieval lane did, as discovery and orient report it: candidates, index version, freshness,
// score basis and why it abstained. The GraphQL type (LaneReport in discovery.schema.ts) exposes it.
export interface LaneReport {
  lane: string;
  candidateCount: number;
  indexVersion: string;
  highWaterMark: bigint;
  lagEvents: number;
  scoreBasis: string;
  abstentionReason: string | null;
  /** Records that matched but were held back as QUARANTINED (research-memory lane; 0 elsewhere). */
  heldBack?: number;
}
