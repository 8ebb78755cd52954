-- AlterEnum
ALTER TYPE "ResearchState" ADD VALUE 'QUARANTINED';

-- AlterTable
ALTER TABLE "research_objects" ADD COLUMN     "quarantine_reason" TEXT,
ADD COLUMN     "quarantined_at" TIMESTAMP(3),
ADD COLUMN     "state_before_quarantine" "ResearchState",
ADD COLUMN     "text_shape" TEXT,
ADD COLUMN     "trust_flags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "research_objects_routing_target_id_text_shape_idx" ON "research_objects"("routing_target_id", "text_shape");
