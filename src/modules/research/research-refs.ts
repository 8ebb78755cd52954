// Research-object refs: uuid, Relay global id, accession (`R12`), slug or content hash.
import { decodeGlobalID } from "@pothos/plugin-relay";
import type { Prisma } from "../../generated/prisma/client.js";
import type { TransactionClient } from "../../db/transaction.js";
import { InvalidInputError, NotFoundError } from "../../errors/domain-error.js";
import { parseAccessionRef } from "../identity/identifier-keys.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The where-clause a ref denotes; content hashes may match several objects (newest wins). */
export function researchRefWhere(ref: string): Prisma.ResearchObjectWhereInput {
  const trimmed = ref.trim();
  if (!trimmed || trimmed.length > 512) throw new InvalidInputError("A research-object ref must be 1-512 characters", "ref", "INVALID_REF");
  if (UUID.test(trimmed)) return { id: trimmed.toLowerCase() };
  const accession = parseAccessionRef(trimmed, "R");
  if (accession !== null) return { accession };
  const hash = /^(?:sha256:)?([0-9a-f]{64})$/i.exec(trimmed);
  if (hash) return { contentHash: hash[1]!.toLowerCase() };
  try {
    const { typename, id } = decodeGlobalID(trimmed);
    if (typename === "ResearchObject" && UUID.test(id)) return { id };
  } catch {
    // not a global id: treat as a slug
  }
  return { slug: trimmed.toLowerCase() };
}

export async function findResearchObject(tx: TransactionClient, ref: string) {
  return tx.researchObject.findFirst({ where: researchRefWhere(ref), orderBy: { accession: "desc" } });
}

export async function requireResearchObject(tx: TransactionClient, ref: string) {
  const object = await findResearchObject(tx, ref);
  if (!object) throw new NotFoundError(`No research object matches "${ref}"`, ref);
  return object;
}

/** Accepts a Relay global id or a raw uuid for a project. */
export function projectUuid(projectId: string): string {
  if (UUID.test(projectId)) return projectId.toLowerCase();
  try {
    const { typename, id } = decodeGlobalID(projectId);
    if (typename === "Project" && UUID.test(id)) return id;
  } catch {
    // not a global id: the typed error below says so
  }
  throw new InvalidInputError(`Not a project id: ${projectId}`, "projectId", "INVALID_ID");
}
