-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "PublicationState" ADD VALUE 'REJECTED';
ALTER TYPE "PublicationState" ADD VALUE 'MERGED';

-- AlterTable
ALTER TABLE "problems" ADD COLUMN     "merged_at" TIMESTAMP(3),
ADD COLUMN     "merged_into_id" UUID;

-- CreateIndex
CREATE INDEX "problems_merged_into_id_idx" ON "problems"("merged_into_id");

-- AddForeignKey
ALTER TABLE "problems" ADD CONSTRAINT "problems_merged_into_id_fkey" FOREIGN KEY ("merged_into_id") REFERENCES "problems"("id") ON DELETE SET NULL ON UPDATE CASCADE;
