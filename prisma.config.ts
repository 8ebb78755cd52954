// Prisma CLI configuration. The schema engine binary is never downloaded: generation does not need it,
// and migrations are plain SQL applied by src/platform/db/migrate.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
