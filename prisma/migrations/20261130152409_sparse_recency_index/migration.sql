-- CreateIndex
CREATE INDEX "sparse_documents_view_version_routing_target_id_source_sequ_idx" ON "sparse_documents"("view", "version", "routing_target_id", "source_sequence" DESC);
