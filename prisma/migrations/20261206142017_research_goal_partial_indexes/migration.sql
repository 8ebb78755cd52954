-- DropIndex
DROP INDEX "research_objects_goal_fingerprint_idx";

-- DropIndex
DROP INDEX "research_objects_goal_shape_fingerprint_idx";

-- CreateIndex
CREATE INDEX "research_objects_goal_fingerprint_idx" ON "research_objects"("goal_fingerprint") WHERE (goal_fingerprint IS NOT NULL);

-- CreateIndex
CREATE INDEX "research_objects_goal_shape_fingerprint_idx" ON "research_objects"("goal_shape_fingerprint") WHERE (goal_shape_fingerprint IS NOT NULL);
