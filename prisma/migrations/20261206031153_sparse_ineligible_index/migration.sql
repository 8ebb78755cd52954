-- CreateIndex
CREATE INDEX "sparse_documents_ineligible_idx" ON "sparse_documents"("view", "version", "routing_target_id", "source_sequence" DESC) WHERE (NOT eligible);
