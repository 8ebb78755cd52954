-- CreateTable
CREATE TABLE "service_secrets" (
    "name" TEXT NOT NULL,
    "value" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_secrets_pkey" PRIMARY KEY ("name")
);
