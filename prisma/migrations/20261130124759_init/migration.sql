-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "PublicationState" AS ENUM ('PUBLISHED', 'CHALLENGE_PERIOD', 'PENDING_REVIEW', 'CATALOGUED', 'WITHDRAWN');

-- CreateEnum
CREATE TYPE "ResolutionState" AS ENUM ('OPEN', 'PROVED', 'DISPROVED', 'SOLVED', 'FALSIFIABLE', 'VERIFIABLE', 'DECIDABLE', 'NOT_PROVABLE', 'NOT_DISPROVABLE', 'INDEPENDENT', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "IdentityKind" AS ENUM ('NUMBER', 'STABLE_ID', 'SLUG', 'SOURCE_RECORD_ID', 'LEAN_DECLARATION', 'URL', 'ALIAS', 'STATEMENT_HASH', 'STATEMENT_ACCESSION');

-- CreateEnum
CREATE TYPE "OperatorRole" AS ENUM ('READER', 'AGENT', 'CURATOR', 'ADMIN');

-- CreateEnum
CREATE TYPE "ResearchKind" AS ENUM ('CLAIM', 'ATTEMPT', 'NEGATIVE_TRACE', 'ARTIFACT', 'FORMALIZATION', 'OPEN_QUESTION');

-- CreateEnum
CREATE TYPE "EvidenceGrade" AS ENUM ('FORMALLY_VERIFIED', 'REPRODUCED', 'SOURCE_BACKED', 'COMPUTATIONAL', 'ARGUED', 'CONJECTURAL', 'UNGRADED');

-- CreateEnum
CREATE TYPE "ResearchState" AS ENUM ('CURRENT', 'SUPERSEDED');

-- CreateEnum
CREATE TYPE "TargetKind" AS ENUM ('PROBLEM', 'STATEMENT_FAMILY', 'FORMAL_DECLARATION', 'PROJECT');

-- CreateEnum
CREATE TYPE "RelationType" AS ENUM ('SUPPORTS', 'REFUTES', 'DEPENDS_ON', 'DERIVED_FROM', 'DISAGREES_WITH', 'REPRODUCES', 'FORMALIZES', 'GENERALIZES', 'CITES');

-- CreateEnum
CREATE TYPE "ProjectionStatus" AS ENUM ('BUILDING', 'SERVING', 'RETIRED', 'FAILED');

-- CreateEnum
CREATE TYPE "BranchKind" AS ENUM ('PROJECT', 'APPROACH', 'OUTCOME', 'ARTIFACT', 'SOURCE');

-- CreateEnum
CREATE TYPE "HeadScope" AS ENUM ('PROJECT', 'TARGET');

-- CreateTable
CREATE TABLE "problems" (
    "id" UUID NOT NULL,
    "stable_id" TEXT NOT NULL,
    "collection" TEXT NOT NULL,
    "number" INTEGER,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "statement" TEXT,
    "statement_hash" TEXT,
    "statement_family_id" UUID,
    "definitions" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[],
    "prize" TEXT,
    "oeis_ids" TEXT[],
    "comments" TEXT,
    "resolution_state" "ResolutionState" NOT NULL DEFAULT 'UNKNOWN',
    "resolution_note" TEXT,
    "formalized_solution" BOOLEAN NOT NULL DEFAULT false,
    "publication_state" "PublicationState" NOT NULL DEFAULT 'CATALOGUED',
    "challenge_deadline" TIMESTAMP(3),
    "acceptance_conditions" TEXT,
    "source_updated_at" TIMESTAMP(3),
    "import_digest" TEXT,
    "published_at" TIMESTAMP(3),
    "submitted_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "problems_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "problem_identifiers" (
    "kind" "IdentityKind" NOT NULL,
    "value" TEXT NOT NULL,
    "problem_id" UUID NOT NULL,
    "display" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "problem_identifiers_pkey" PRIMARY KEY ("kind","value","problem_id")
);

-- CreateTable
CREATE TABLE "statement_families" (
    "id" UUID NOT NULL,
    "accession" INTEGER NOT NULL,
    "problem_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "statement_families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "problem_statements" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "problem_statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "problem_sources" (
    "id" UUID NOT NULL,
    "problem_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "record_id" TEXT NOT NULL,
    "url" TEXT,
    "title" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "problem_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "formal_declarations" (
    "id" UUID NOT NULL,
    "problem_id" UUID NOT NULL,
    "decl_name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "statement" TEXT NOT NULL,
    "docstring" TEXT,
    "category" TEXT,
    "file" TEXT,
    "line" INTEGER,
    "pinned_world" TEXT NOT NULL,
    "has_answer_placeholder" BOOLEAN NOT NULL DEFAULT false,
    "proof_uses_sorry" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "formal_declarations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "advisories" (
    "id" UUID NOT NULL,
    "problem_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "blocking" BOOLEAN NOT NULL DEFAULT false,
    "raised_by_id" UUID,
    "raised_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_by_id" UUID,
    "resolved_at" TIMESTAMP(3),
    "resolution" TEXT,

    CONSTRAINT "advisories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operators" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "role" "OperatorRole" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projects" (
    "id" UUID NOT NULL,
    "problem_id" UUID NOT NULL,
    "routing_target_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "research_objects" (
    "id" UUID NOT NULL,
    "accession" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "project_id" UUID NOT NULL,
    "problem_id" UUID NOT NULL,
    "routing_target_id" UUID NOT NULL,
    "kind" "ResearchKind" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "evidence_grade" "EvidenceGrade" NOT NULL DEFAULT 'UNGRADED',
    "state" "ResearchState" NOT NULL DEFAULT 'CURRENT',
    "branch_name" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "artifact" JSONB,
    "formal" JSONB,
    "goal_fingerprint" TEXT,
    "goal_shape_fingerprint" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "superseded_at" TIMESTAMP(3),

    CONSTRAINT "research_objects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "research_targets" (
    "research_object_id" UUID NOT NULL,
    "target_kind" "TargetKind" NOT NULL,
    "target_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "research_targets_pkey" PRIMARY KEY ("research_object_id","target_kind","target_id")
);

-- CreateTable
CREATE TABLE "research_relations" (
    "id" UUID NOT NULL,
    "from_id" UUID NOT NULL,
    "to_id" UUID NOT NULL,
    "type" "RelationType" NOT NULL,
    "note" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "research_relations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supersessions" (
    "superseded_id" UUID NOT NULL,
    "superseding_id" UUID NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supersessions_pkey" PRIMARY KEY ("superseded_id")
);

-- CreateTable
CREATE TABLE "change_events" (
    "sequence" BIGINT NOT NULL,
    "routing_target_id" UUID,
    "project_id" UUID,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload_version" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "operator_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "change_events_pkey" PRIMARY KEY ("sequence")
);

-- CreateTable
CREATE TABLE "counters" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL,

    CONSTRAINT "counters_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "operator_id" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "result_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("operator_id","operation","scope","key")
);

-- CreateTable
CREATE TABLE "projection_states" (
    "view" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "status" "ProjectionStatus" NOT NULL,
    "high_water_mark" BIGINT NOT NULL DEFAULT 0,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "projection_states_pkey" PRIMARY KEY ("view","version")
);

-- CreateTable
CREATE TABLE "projection_pointers" (
    "view" TEXT NOT NULL,
    "serving_version" INTEGER NOT NULL,
    "switched_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "projection_pointers_pkey" PRIMARY KEY ("view")
);

-- CreateTable
CREATE TABLE "sparse_documents" (
    "view" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "document_id" TEXT NOT NULL,
    "routing_target_id" UUID,
    "project_id" UUID,
    "fields" JSONB NOT NULL,
    "terms" TEXT[],
    "length" INTEGER NOT NULL,
    "eligible" BOOLEAN NOT NULL DEFAULT true,
    "source_sequence" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sparse_documents_pkey" PRIMARY KEY ("view","version","document_id")
);

-- CreateTable
CREATE TABLE "memory_branches" (
    "id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "project_id" UUID NOT NULL,
    "routing_target_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "BranchKind" NOT NULL,
    "parent_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "memory_branches_pkey" PRIMARY KEY ("version","id")
);

-- CreateTable
CREATE TABLE "branch_memberships" (
    "version" INTEGER NOT NULL,
    "branch_id" UUID NOT NULL,
    "research_object_id" UUID NOT NULL,
    "member_created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "branch_memberships_pkey" PRIMARY KEY ("version","branch_id","research_object_id")
);

-- CreateTable
CREATE TABLE "checkpoints" (
    "version" INTEGER NOT NULL,
    "branch_id" UUID NOT NULL,
    "routing_target_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "summary" TEXT NOT NULL,
    "key_terms" TEXT[],
    "member_count" INTEGER NOT NULL,
    "current_count" INTEGER NOT NULL,
    "evidence_mix" JSONB NOT NULL,
    "kind_mix" JSONB NOT NULL,
    "newest_member_id" UUID,
    "newest_member_at" TIMESTAMP(3),
    "high_water_mark" BIGINT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkpoints_pkey" PRIMARY KEY ("version","branch_id")
);

-- CreateTable
CREATE TABLE "checkpoint_heads" (
    "version" INTEGER NOT NULL,
    "scope" "HeadScope" NOT NULL,
    "scope_id" UUID NOT NULL,
    "branch_ids" TEXT[],
    "summary" TEXT NOT NULL,
    "member_count" INTEGER NOT NULL,
    "high_water_mark" BIGINT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkpoint_heads_pkey" PRIMARY KEY ("version","scope","scope_id")
);

-- CreateTable
CREATE TABLE "search_impressions" (
    "id" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "operator_id" UUID,
    "query_digest" TEXT NOT NULL,
    "intent" TEXT,
    "resolved_target_id" UUID,
    "project_id" UUID,
    "outcome" TEXT,
    "candidate_ids" TEXT[],
    "scores" DOUBLE PRECISION[],
    "returned_order" TEXT[],
    "selected_branches" TEXT[],
    "lane_versions" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_impressions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "causal_use_events" (
    "id" UUID NOT NULL,
    "impression_id" UUID NOT NULL,
    "operator_id" UUID,
    "used_record_ids" TEXT[],
    "outcome" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "causal_use_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "premise_indexes" (
    "id" TEXT NOT NULL,
    "source_path" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "premise_count" INTEGER NOT NULL,
    "loaded_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "premise_indexes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "premises" (
    "index_id" TEXT NOT NULL,
    "premise_id" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "decl_name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "module" TEXT NOT NULL,
    "decl_index" INTEGER NOT NULL,
    "statement_excerpt" TEXT NOT NULL,
    "docstring" TEXT,
    "retrieval_terms" TEXT[],
    "allowed_for_split" TEXT[],
    "strategy_tags" TEXT[],

    CONSTRAINT "premises_pkey" PRIMARY KEY ("index_id","premise_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "problems_stable_id_key" ON "problems"("stable_id");

-- CreateIndex
CREATE UNIQUE INDEX "problems_slug_key" ON "problems"("slug");

-- CreateIndex
CREATE INDEX "problems_publication_state_idx" ON "problems"("publication_state");

-- CreateIndex
CREATE INDEX "problems_statement_hash_idx" ON "problems"("statement_hash");

-- CreateIndex
CREATE UNIQUE INDEX "problems_collection_number_key" ON "problems"("collection", "number");

-- CreateIndex
CREATE INDEX "problem_identifiers_value_idx" ON "problem_identifiers"("value");

-- CreateIndex
CREATE INDEX "problem_identifiers_problem_id_idx" ON "problem_identifiers"("problem_id");

-- CreateIndex
CREATE UNIQUE INDEX "statement_families_accession_key" ON "statement_families"("accession");

-- CreateIndex
CREATE INDEX "statement_families_problem_id_idx" ON "statement_families"("problem_id");

-- CreateIndex
CREATE INDEX "problem_statements_hash_idx" ON "problem_statements"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "problem_statements_family_id_hash_key" ON "problem_statements"("family_id", "hash");

-- CreateIndex
CREATE INDEX "problem_sources_record_id_idx" ON "problem_sources"("record_id");

-- CreateIndex
CREATE UNIQUE INDEX "problem_sources_problem_id_record_id_key" ON "problem_sources"("problem_id", "record_id");

-- CreateIndex
CREATE INDEX "formal_declarations_problem_id_idx" ON "formal_declarations"("problem_id");

-- CreateIndex
CREATE UNIQUE INDEX "formal_declarations_decl_name_pinned_world_key" ON "formal_declarations"("decl_name", "pinned_world");

-- CreateIndex
CREATE INDEX "advisories_problem_id_resolved_at_idx" ON "advisories"("problem_id", "resolved_at");

-- CreateIndex
CREATE UNIQUE INDEX "operators_name_key" ON "operators"("name");

-- CreateIndex
CREATE UNIQUE INDEX "operators_token_hash_key" ON "operators"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "projects_slug_key" ON "projects"("slug");

-- CreateIndex
CREATE INDEX "projects_routing_target_id_idx" ON "projects"("routing_target_id");

-- CreateIndex
CREATE UNIQUE INDEX "research_objects_accession_key" ON "research_objects"("accession");

-- CreateIndex
CREATE UNIQUE INDEX "research_objects_slug_key" ON "research_objects"("slug");

-- CreateIndex
CREATE INDEX "research_objects_routing_target_id_created_at_id_idx" ON "research_objects"("routing_target_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "research_objects_project_id_created_at_id_idx" ON "research_objects"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "research_objects_content_hash_idx" ON "research_objects"("content_hash");

-- CreateIndex
CREATE INDEX "research_objects_goal_fingerprint_idx" ON "research_objects"("goal_fingerprint");

-- CreateIndex
CREATE INDEX "research_objects_goal_shape_fingerprint_idx" ON "research_objects"("goal_shape_fingerprint");

-- CreateIndex
CREATE INDEX "research_targets_target_kind_target_id_idx" ON "research_targets"("target_kind", "target_id");

-- CreateIndex
CREATE INDEX "research_relations_to_id_idx" ON "research_relations"("to_id");

-- CreateIndex
CREATE UNIQUE INDEX "research_relations_from_id_to_id_type_key" ON "research_relations"("from_id", "to_id", "type");

-- CreateIndex
CREATE INDEX "supersessions_superseding_id_idx" ON "supersessions"("superseding_id");

-- CreateIndex
CREATE INDEX "change_events_routing_target_id_sequence_idx" ON "change_events"("routing_target_id", "sequence");

-- CreateIndex
CREATE INDEX "change_events_project_id_sequence_idx" ON "change_events"("project_id", "sequence");

-- CreateIndex
CREATE INDEX "sparse_documents_terms_idx" ON "sparse_documents" USING GIN ("terms");

-- CreateIndex
CREATE INDEX "sparse_documents_view_version_routing_target_id_idx" ON "sparse_documents"("view", "version", "routing_target_id");

-- CreateIndex
CREATE INDEX "memory_branches_version_routing_target_id_idx" ON "memory_branches"("version", "routing_target_id");

-- CreateIndex
CREATE UNIQUE INDEX "memory_branches_version_project_id_name_key" ON "memory_branches"("version", "project_id", "name");

-- CreateIndex
CREATE INDEX "branch_memberships_version_branch_id_member_created_at_rese_idx" ON "branch_memberships"("version", "branch_id", "member_created_at", "research_object_id");

-- CreateIndex
CREATE INDEX "checkpoints_version_routing_target_id_idx" ON "checkpoints"("version", "routing_target_id");

-- CreateIndex
CREATE INDEX "search_impressions_resolved_target_id_created_at_idx" ON "search_impressions"("resolved_target_id", "created_at");

-- CreateIndex
CREATE INDEX "causal_use_events_impression_id_idx" ON "causal_use_events"("impression_id");

-- AddForeignKey
ALTER TABLE "problems" ADD CONSTRAINT "problems_statement_family_id_fkey" FOREIGN KEY ("statement_family_id") REFERENCES "statement_families"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "problems" ADD CONSTRAINT "problems_submitted_by_id_fkey" FOREIGN KEY ("submitted_by_id") REFERENCES "operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "problem_identifiers" ADD CONSTRAINT "problem_identifiers_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statement_families" ADD CONSTRAINT "statement_families_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "problem_statements" ADD CONSTRAINT "problem_statements_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "statement_families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "problem_sources" ADD CONSTRAINT "problem_sources_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "formal_declarations" ADD CONSTRAINT "formal_declarations_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_raised_by_id_fkey" FOREIGN KEY ("raised_by_id") REFERENCES "operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_objects" ADD CONSTRAINT "research_objects_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_objects" ADD CONSTRAINT "research_objects_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problems"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_objects" ADD CONSTRAINT "research_objects_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "operators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_targets" ADD CONSTRAINT "research_targets_research_object_id_fkey" FOREIGN KEY ("research_object_id") REFERENCES "research_objects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_relations" ADD CONSTRAINT "research_relations_from_id_fkey" FOREIGN KEY ("from_id") REFERENCES "research_objects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_relations" ADD CONSTRAINT "research_relations_to_id_fkey" FOREIGN KEY ("to_id") REFERENCES "research_objects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supersessions" ADD CONSTRAINT "supersessions_superseded_id_fkey" FOREIGN KEY ("superseded_id") REFERENCES "research_objects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supersessions" ADD CONSTRAINT "supersessions_superseding_id_fkey" FOREIGN KEY ("superseding_id") REFERENCES "research_objects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "causal_use_events" ADD CONSTRAINT "causal_use_events_impression_id_fkey" FOREIGN KEY ("impression_id") REFERENCES "search_impressions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "premises" ADD CONSTRAINT "premises_index_id_fkey" FOREIGN KEY ("index_id") REFERENCES "premise_indexes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
