-- DropIndex
DROP INDEX "sparse_documents_view_version_routing_target_id_idx";
