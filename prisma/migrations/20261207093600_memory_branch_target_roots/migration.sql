-- DropIndex
DROP INDEX "memory_branches_version_routing_target_id_idx";

-- CreateIndex
CREATE INDEX "memory_branches_version_routing_target_id_name_idx" ON "memory_branches"("version", "routing_target_id", "name");
