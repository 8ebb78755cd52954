-- CreateEnum
CREATE TYPE "ProjectRole" AS ENUM ('OWNER', 'MEMBER');

-- CreateTable
CREATE TABLE "project_members" (
    "project_id" UUID NOT NULL,
    "operator_id" UUID NOT NULL,
    "role" "ProjectRole" NOT NULL,
    "added_by_id" UUID,
    "added_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_members_pkey" PRIMARY KEY ("project_id","operator_id")
);

-- CreateIndex
CREATE INDEX "project_members_operator_id_idx" ON "project_members"("operator_id");

-- AddForeignKey
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Backfill: every existing project is owned by the operator who created it.
INSERT INTO "project_members" ("project_id", "operator_id", "role", "added_by_id")
SELECT "id", "created_by_id", 'OWNER', "created_by_id" FROM "projects" WHERE "created_by_id" IS NOT NULL
ON CONFLICT DO NOTHING;
