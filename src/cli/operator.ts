// `npm run operator -- create --name N --role R [--expires-in-days D]`: creates an operator and prints
// its token once, alone on the last line (it is stored only as a hash).
import { ConfigurationError, parseEnv } from "../env.js";
import { openDatabase } from "../db/database.js";
import { DatabaseStartupError } from "../db/embedded.js";
import { DomainError } from "../errors/domain-error.js";
import { createOperator, ROLES } from "../modules/operators/operator.commands.js";
import { parseArgs } from "node:util";

class UsageError extends Error {}

const USAGE = `usage: npm run operator -- create --name NAME --role ${ROLES.join("|")} [--expires-in-days N]`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: "string" }, role: { type: "string" }, "expires-in-days": { type: "string" } },
  });
  const { name, role } = values;
  if (positionals[0] !== "create" || !name || !role) throw new UsageError(USAGE);
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

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const known = [ConfigurationError, DatabaseStartupError, DomainError].some((kind) => error instanceof kind);
  console.error(known ? `operator: ${(error as Error).message}` : error);
  process.exit(1);
});
