import { openDatabase } from "../src/platform/db/database.js";
const t0 = Date.now();
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: process.env.DATA_DIR ?? null });
console.log("open", Date.now() - t0, "ms", db.kind);
console.log(await db.prisma.problem.count());
const [a, b] = await Promise.all([
  db.prisma.$transaction(async (tx) => {
    await tx.counter.upsert({
      where: { name: "x" },
      create: { name: "x", value: 1n },
      update: { value: { increment: 1 } },
    });
    return tx.counter.findMany();
  }),
  db.prisma.operator.count(),
]);
console.log(a, b);
await db.close();
