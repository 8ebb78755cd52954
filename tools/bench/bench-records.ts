// What the write benches record: research records as agents write them (syntheticContent's varied
// wording, kinds, grades and branches), with the replay fields an ARTIFACT or FORMALIZATION must carry.
// Text that differs only in its numbers is a flood to the trust classifier, which quarantines it after a
// few records; a bench made of it would measure a path no real workload takes.
import type { EvidenceGrade, ResearchKind } from "../../src/generated/prisma/enums.js";
import { syntheticContent } from "../seed/synthetic-text.js";

export interface BenchRecord {
  kind: ResearchKind;
  title: string;
  body: string;
  evidenceGrade: EvidenceGrade;
  branch: string;
  artifact?: { command: string; description: string };
  formal?: { statement: string };
}

/** Record `index` of a seeded sequence (`random` is its generator). */
export function benchRecord(random: () => number, index: number): BenchRecord {
  const content = syntheticContent(random, index);
  return {
    kind: content.kind,
    title: content.title,
    body: content.body,
    evidenceGrade: content.evidenceGrade,
    branch: content.branchName,
    ...(content.kind === "ARTIFACT"
      ? { artifact: { command: `python3 search.py --note ${index}`, description: "exhaustive search script" } }
      : {}),
    ...(content.kind === "FORMALIZATION"
      ? { formal: { statement: `theorem note_${index} (n : ℕ) (h : 3 ≤ n) : n ≤ 2 ^ n` } }
      : {}),
  };
}
