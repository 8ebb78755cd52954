-- DropIndex
DROP INDEX "research_objects_routing_target_id_text_shape_idx";

-- CreateIndex
CREATE INDEX "research_objects_routing_target_id_text_shape_accession_idx" ON "research_objects"("routing_target_id", "text_shape", "accession" DESC);
