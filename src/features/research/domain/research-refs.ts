// Research-object refs: uuid, Relay global id, accession (`R12`), slug or content hash.
import type { Prisma, ResearchObject } from "../../../generated/prisma/client.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { parseAccessionRef } from "../../identity/domain/identifier-keys.js";
import { UUID, uuidOf } from "../../../graphql/global-ids.js";

/** The where-clause a ref denotes; content hashes may match several objects (newest wins). */
export function researchRefWhere(ref: string): Prisma.ResearchObjectWhereInput {
  const trimmed = ref.trim();
  if (!trimmed || trimmed.length > 512)
    throw new InvalidInputError("A research-object ref must be 1-512 characters", "ref", "INVALID_REF");
  if (UUID.test(trimmed)) return { id: trimmed.toLowerCase() };
  const accession = parseAccessionRef(trimmed, "R");
  if (accession !== null) return { accession };
  const hash = /^(?:sha256:)?([0-9a-f]{64})$/i.exec(trimmed);
  if (hash) return { contentHash: hash[1]!.toLowerCase() };
  const id = uuidOf("ResearchObject", trimmed);
  // Not a global id either: treat it as a slug.
  return id ? { id } : { slug: trimmed.toLowerCase() };
}

export async function findResearchObject(tx: TransactionClient, ref: string) {
  return tx.researchObject.findFirst({ where: researchRefWhere(ref), orderBy: { accession: "desc" } });
}

/** The error for a ref that names no research object. */
export function researchObjectNotFound(ref: string): NotFoundError {
  return new NotFoundError(`No research object matches "${ref}"`, ref);
}

export async function requireResearchObject(tx: TransactionClient, ref: string) {
  const object = await findResearchObject(tx, ref);
  if (!object) throw researchObjectNotFound(ref);
  return object;
}

/** Whether `object` is the one a where-clause of researchRefWhere names (each names one field). */
function named(where: Prisma.ResearchObjectWhereInput, object: ResearchObject): boolean {
  return Object.entries(where).every(([field, value]) => object[field as keyof ResearchObject] === value);
}

/**
 * Each ref's object as findResearchObject finds it (null: none), in the order of `refs`. Refs to one object
 * each (id, accession, slug: unique columns) are read together in one statement; a content hash, which may name
 * many objects, is read alone for its newest.
 */
export async function findResearchObjects(
  tx: TransactionClient,
  refs: readonly string[],
): Promise<(ResearchObject | null)[]> {
  const wheres = refs.map(researchRefWhere);
  const unique = wheres.filter((where) => where.contentHash === undefined);
  const found = unique.length > 0 ? await tx.researchObject.findMany({ where: { OR: unique } }) : [];
  const objects: (ResearchObject | null)[] = [];
  for (const [index, ref] of refs.entries()) {
    const where = wheres[index]!;
    objects.push(
      where.contentHash === undefined
        ? (found.find((candidate) => named(where, candidate)) ?? null)
        : await findResearchObject(tx, ref),
    );
  }
  return objects;
}

/** findResearchObjects, where a ref without an object is an error (the first such, in the order given). */
export async function requireResearchObjects<const Refs extends readonly string[]>(
  tx: TransactionClient,
  refs: Refs,
): Promise<{ [Index in keyof Refs]: ResearchObject }> {
  const objects = await findResearchObjects(tx, refs);
  return objects.map((object, index) => {
    if (!object) throw researchObjectNotFound(refs[index]!);
    return object;
  }) as { [Index in keyof Refs]: ResearchObject };
}

/** Accepts a Relay global id or a raw uuid for a project. */
export function projectUuid(projectId: string): string {
  const id = uuidOf("Project", projectId);
  if (id) return id;
  throw new InvalidInputError(`Not a project id: ${projectId}`, "projectId", "INVALID_ID");
}
