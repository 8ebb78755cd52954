// `npm run operator -- <command>`: manage operators. Tokens are printed once, alone on the last line
// (they are stored only as a hash).
//   create --name N --role R [--expires-in-days D]    list    revoke --name N    rotate --name N [--expires-in-days D]
// By default the command opens the database itself (DATABASE_URL, or the embedded one in DATA_DIR, which
// must not be in use). With --url URL (or RMS_URL) and an ADMIN token in RMS_ADMIN_TOKEN it calls a
// running service's ADMIN mutations instead, so operators can be managed while the service runs.
import { parseArgs } from "node:util";
import { openDatabase } from "../platform/db/database.js";
import { DatabaseStartupError } from "../platform/db/embedded.js";
import { parseEnv } from "../env.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import {
  listOperators,
  revokeOperator,
  rotateOperatorToken,
  type OperatorRow,
} from "../features/operators/commands/operator-admin.commands.js";
import { createOperator, ROLES } from "../features/operators/commands/operator.commands.js";
import { remoteOperators, RemoteOperatorError, type OperatorBackend } from "./operator-client.js";
import { answerHelp } from "./command-line.js";
import { runCommand, UsageError } from "./run-command.js";

const USAGE = [
  "usage: npm run operator -- create --name NAME --role " + ROLES.join("|") + " [--expires-in-days N]",
  "       npm run operator -- list",
  "       npm run operator -- revoke --name NAME",
  "       npm run operator -- rotate --name NAME [--expires-in-days N]",
  "  add --url http://host:4000/graphql (or RMS_URL) with RMS_ADMIN_TOKEN to use a running service",
].join("\n");

const COMMANDS = ["create", "list", "revoke", "rotate"];

function localOperators(prisma: PrismaClient): OperatorBackend {
  return {
    list: () => listOperators(prisma),
    create: async (name, role, expiresAt) => {
      const { operator, token } = await createOperator({ prisma, name, role, expiresAt });
      const row = (await listOperators(prisma)).find((entry) => entry.id === operator.id)!;
      return { operator: row, token };
    },
    revoke: (name) => revokeOperator(prisma, name),
    rotate: (name, expiresAt) => rotateOperatorToken(prisma, name, expiresAt),
  };
}

function describe(row: OperatorRow): string {
  const state = row.revokedAt
    ? `revoked ${row.revokedAt.toISOString()}`
    : row.expiresAt && row.expiresAt <= new Date()
      ? "expired"
      : "active";
  const expiry = row.expiresAt ? ` expires ${row.expiresAt.toISOString()}` : "";
  return `${row.name}\t${row.role}\t${state}\tcreated ${row.createdAt.toISOString()}${expiry}`;
}

async function run(
  backend: OperatorBackend,
  command: string,
  name: string | undefined,
  role: string | undefined,
  expiresAt: Date | null | undefined,
): Promise<void> {
  const needName = () => {
    if (!name) throw new UsageError(`operator ${command} needs --name`);
    return name;
  };
  if (command === "list") {
    for (const row of await backend.list()) console.log(describe(row));
  } else if (command === "create") {
    if (!role) throw new UsageError("operator create needs --name and --role");
    const { operator, token } = await backend.create(needName(), role, expiresAt ?? null);
    console.log(`created operator ${operator.name} (${operator.role}); the token is shown once:`);
    console.log(token);
  } else if (command === "revoke") {
    const { operator, changed } = await backend.revoke(needName());
    console.log(
      changed ? `revoked ${operator.name}: its token is refused from now on` : `${operator.name} was already revoked`,
    );
  } else {
    const { operator, token } = await backend.rotate(needName(), expiresAt);
    console.log(
      `rotated the token of ${operator.name} (${operator.role}); the old one is refused from now on; the new token is shown once:`,
    );
    console.log(token);
  }
}

async function main(argv: string[]): Promise<void> {
  answerHelp(argv, USAGE);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      role: { type: "string" },
      "expires-in-days": { type: "string" },
      url: { type: "string" },
    },
  });
  const command = positionals[0];
  if (!command || !COMMANDS.includes(command))
    throw new UsageError(`operator needs one of the commands ${COMMANDS.join(", ")}`);
  const days = values["expires-in-days"];
  if (days !== undefined && !(Number(days) > 0)) throw new UsageError("--expires-in-days must be a positive number");
  const expiresAt = days ? new Date(Date.now() + Number(days) * 86_400_000) : undefined;
  const url = values.url ?? process.env.RMS_URL;
  if (url) {
    const token = process.env.RMS_ADMIN_TOKEN;
    if (!token) throw new UsageError("--url needs an ADMIN token in RMS_ADMIN_TOKEN");
    return run(remoteOperators(url, token), command, values.name, values.role, expiresAt);
  }
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir }).catch((error: unknown) => {
    if (error instanceof DatabaseStartupError && /in use by process/.test(error.message)) {
      throw new DatabaseStartupError(
        `${error.message} To manage operators while it runs: --url http://localhost:${env.port}/graphql with RMS_ADMIN_TOKEN.`,
      );
    }
    throw error;
  });
  try {
    await run(localOperators(db.prisma), command, values.name, values.role, expiresAt);
  } finally {
    await db.close();
  }
}

runCommand(
  "operator",
  async () => {
    await main(process.argv.slice(2));
    return 0;
  },
  { usage: USAGE, expected: [RemoteOperatorError] },
);
