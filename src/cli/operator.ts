// `npm run operator -- create --name N --role R [--expires-in-days D]`: creates an operator and prints
// its token once, alone on the last line (it is stored only as a hash).
import { openDatabase } from "../db/database.js";
import { createOperator, ROLES } from "../modules/operators/operator.commands.js";
import { parseArgs } from "node:util";
import { parseEnv } from "../env.js";
import { runCommand, UsageError } from "./run-command.js";

const USAGE = `usage: npm run operator -- create --name NAME --role ${ROLES.join("|")} [--expires-in-days N]`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: "string" }, role: { type: "string" }, "expires-in-days": { type: "string" } },
  });
  const { name, role } = values;
  if (positionals[0] !== "create" || !name || !role) throw new UsageError("operator needs the create command with --name and --role");
  const days = values["expires-in-days"];
  if (days !== undefined && !(Number(days) > 0)) throw new UsageError("--expires-in-days must be a positive number");
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    const { operator, token } = await createOperator({
      prisma: db.prisma,
      name,
      role,
      expiresAt: days ? new Date(Date.now() + Number(days) * 86_400_000) : null,
    });
    console.log(`created operator ${operator.name} (${operator.role}, id ${operator.id}); the token is shown once:`);
    console.log(token);
  } finally {
    await db.close();
  }
}

runCommand("operator", async () => {
  await main(process.argv.slice(2));
  return 0;
}, { usage: USAGE });
