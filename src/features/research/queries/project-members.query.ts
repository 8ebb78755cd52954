// Who may write into a project, as `Project.members` lists it: owners first, then members, each in the
// order they were added. One query answers every project of a page (a per-request DataLoader).
import DataLoader from "dataloader";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { ProjectRole } from "../../../generated/prisma/enums.js";

export interface ProjectMemberRow {
  operatorName: string;
  role: ProjectRole;
  addedAt: Date;
}

/**
 * Members by project id. Batches only, caches nothing: a mutation's payload must see the membership
 * its own write left, even after an earlier field of the same operation read it.
 */
export function projectMembersLoader(prisma: PrismaClient): DataLoader<string, ProjectMemberRow[]> {
  return new DataLoader(
    async (projectIds: readonly string[]) => {
      const rows = await prisma.projectMember.findMany({
        where: { projectId: { in: [...projectIds] } },
        include: { operator: { select: { name: true } } },
        orderBy: [{ role: "asc" }, { addedAt: "asc" }],
      });
      const byProject = new Map<string, ProjectMemberRow[]>(projectIds.map((id) => [id, []]));
      for (const row of rows)
        byProject.get(row.projectId)?.push({ operatorName: row.operator.name, role: row.role, addedAt: row.addedAt });
      return projectIds.map((id) => byProject.get(id)!);
    },
    { cache: false },
  );
}
