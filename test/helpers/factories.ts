// Test factories: valid records with unique identifiers, overridable field by field, so every test
// builds the rows it reads instead of depending on another test's rows.
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import type { OperatorRole } from "../../src/generated/prisma/enums.js";
import type { CatalogueProblem } from "../../src/features/catalogue/domain/catalogue.types.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";

/** A short lower-case token, unique enough to keep factory rows apart within a database. */
export function uniqueToken(): string {
  return randomBytes(5).toString("hex");
}

/** A valid published problem of a test collection; identifiers derive from one unique token. */
export function buildCatalogueProblem(overrides: Partial<CatalogueProblem> = {}): CatalogueProblem {
  const token = uniqueToken();
  return {
    stableId: `cp:testing:${token}`,
    collection: "testing",
    number: null,
    slug: `testing-${token}`,
    title: `Test problem ${token}`,
    statement: `Every test structure of kind ${token} admits a finite witness.`,
    definitions: [{ term: `witness-${token}`, text: "A finite object certifying the property." }],
    tags: ["testing"],
    prize: null,
    oeisIds: [],
    comments: null,
    remarks: null,
    resolutionState: "OPEN",
    resolutionNote: null,
    formalizedSolution: false,
    publicationState: "PUBLISHED",
    sourceUpdatedAt: "2025-01-01",
    acceptanceConditions: null,
    aliases: [],
    sources: [
      { kind: "URL", recordId: `testing:${token}`, url: `https://problems.example.org/testing/${token}`, title: null },
    ],
    wordings: [],
    formalDeclarations: [
      {
        declName: `Testing${token}.main`,
        kind: "theorem",
        statement: `theorem main_${token} : True`,
        docstring: null,
        category: "research open",
        file: `FormalConjectures/Testing/${token}.lean`,
        line: 10,
        pinnedWorld: "google-deepmind/formal-conjectures@0000000",
        hasAnswerPlaceholder: false,
        proofUsesSorry: true,
      },
    ],
    ...overrides,
  };
}

export interface OperatorWithToken {
  operator: { id: string; name: string; role: OperatorRole };
  token: string;
}

/** Creates an operator through the real use case and returns its (only ever shown once) token. */
export async function createOperatorWithToken(
  prisma: PrismaClient,
  role: OperatorRole = "AGENT",
  name = `operator-${uniqueToken()}`,
): Promise<OperatorWithToken> {
  return createOperator({ prisma, name, role });
}

/** A project bound to `problemId`, written directly: tests of reads need rows, not the write path. */
export async function createProjectRow(prisma: PrismaClient, problemId: string, overrides: { name?: string } = {}) {
  const token = uniqueToken();
  return prisma.project.create({
    data: {
      problemId,
      routingTargetId: problemId,
      name: overrides.name ?? `Project ${token}`,
      slug: `project-${token}`,
    },
  });
}
