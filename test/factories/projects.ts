// Project factories: a project created through the API (the write path with its event), or a row
// written directly for tests of reads, and the members a shared project needs.
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import type { TestService } from "../helpers/databases.js";
import { ADD_PROJECT_MEMBER, CREATE_PROJECT, type ProjectResult } from "../helpers/documents/research.js";
import { mutateExpectingPayload } from "../helpers/mutations.js";
import { createOperatorWithToken } from "./operators.js";
import { uniqueToken } from "./unique-token.js";

export async function createProjectFor(
  url: string,
  token: string,
  overrides: { problemRef?: string; name?: string; idempotencyKey?: string } = {},
): Promise<ProjectResult> {
  const input = {
    problemRef: "cp:erdos:1",
    name: `Project ${uniqueToken()}`,
    idempotencyKey: `project-${uniqueToken()}`,
    ...overrides,
  };
  return (await mutateExpectingPayload<{ project: ProjectResult }>(url, CREATE_PROJECT, input, token)).project;
}

/** What most research tests start from, on a running test service (see useTestService): an AGENT operator's token and one project. */
export async function createAgentProject(
  service: TestService,
  projectOverrides: { problemRef?: string } = {},
): Promise<{ token: string; project: ProjectResult }> {
  const token = (await createOperatorWithToken(service.services.db.prisma, "AGENT")).token;
  return { token, project: await createProjectFor(service.url, token, projectOverrides) };
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

/** The owner behind `ownerToken` lets each named operator write into the project. */
export async function addProjectMembers(
  url: string,
  ownerToken: string,
  projectId: string,
  operatorNames: string[],
  role: "MEMBER" | "OWNER" = "MEMBER",
): Promise<void> {
  for (const operatorName of operatorNames) {
    await mutateExpectingPayload(url, ADD_PROJECT_MEMBER, { projectId, operatorName, role }, ownerToken);
  }
}
