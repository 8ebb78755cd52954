// Premise indexes in Postgres: a JSONL corpus is validated in full, then written in one transaction
// (replacing an index of the same id), and read back into the in-memory index the scorers use.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { LONG_TRANSACTION } from "../../../platform/db/transaction.js";
import { sha256Hex } from "../../../platform/lib/canonical-json.js";
import { buildPremiseIndex, loadPremiseIndex, type PremiseIndex } from "./premise-index.js";
import type { Premise, Split } from "./premise.types.js";

const INSERT_BATCH = 1_000;

export interface StoredIndexInfo {
  id: string;
  premiseCount: number;
  contentHash: string;
}

/** Validates the whole file first (typed errors with line numbers); nothing is written on error. */
export async function storePremiseIndex(
  prisma: PrismaClient,
  props: { id: string; sourcePath: string; jsonlText: string },
): Promise<StoredIndexInfo> {
  const index = loadPremiseIndex(props.jsonlText, props.sourcePath);
  const contentHash = sha256Hex(props.jsonlText);
  await prisma.$transaction(async (tx) => {
    await tx.premiseIndex.deleteMany({ where: { id: props.id } });
    await tx.premiseIndex.create({
      data: { id: props.id, sourcePath: props.sourcePath, contentHash, premiseCount: index.premises.length },
    });
    for (let start = 0; start < index.premises.length; start += INSERT_BATCH) {
      await tx.premise.createMany({
        data: index.premises.slice(start, start + INSERT_BATCH).map((premise) => ({
          indexId: props.id,
          premiseId: premise.premiseId,
          namespace: premise.namespace,
          declName: premise.declName,
          kind: premise.kind,
          module: premise.module,
          declIndex: premise.declIndex ?? -1,
          statementExcerpt: premise.statementExcerpt,
          docstring: premise.docstring,
          retrievalTerms: premise.retrievalTerms,
          allowedForSplit: premise.allowedForSplit,
          strategyTags: premise.strategyTags,
        })),
      });
    }
  }, LONG_TRANSACTION);
  return { id: props.id, premiseCount: index.premises.length, contentHash };
}

export async function readPremiseIndex(
  prisma: PrismaClient,
  id: string,
): Promise<{ index: PremiseIndex; info: StoredIndexInfo } | null> {
  const stored = await prisma.premiseIndex.findUnique({ where: { id } });
  if (!stored) return null;
  const rows = await prisma.premise.findMany({ where: { indexId: id } });
  const premises: Premise[] = rows.map((row) => ({
    premiseId: row.premiseId,
    namespace: row.namespace,
    declName: row.declName,
    kind: row.kind,
    module: row.module,
    declIndex: row.declIndex < 0 ? null : row.declIndex,
    statementExcerpt: row.statementExcerpt,
    docstring: row.docstring,
    retrievalTerms: row.retrievalTerms,
    allowedForSplit: row.allowedForSplit as Split[],
    strategyTags: row.strategyTags,
  }));
  return {
    index: buildPremiseIndex(premises),
    info: { id, premiseCount: stored.premiseCount, contentHash: stored.contentHash },
  };
}
