// Operator administration over GraphQL (ADMIN role): `operators`, `createOperator`, `revokeOperator`,
// `rotateOperatorToken`. What the CLI does with the service stopped, these do while it runs.
import { OperatorRole } from "../../../generated/prisma/enums.js";
import { builder } from "../../../graphql/builder.js";
import { WRITE_ERRORS } from "../../../graphql/errors.js";
import { requireRole } from "../domain/authorize.js";
import {
  createOperatorRow,
  expiryAfterDays,
  listOperators,
  revokeOperator,
  rotateOperatorToken,
  type OperatorRow,
} from "../commands/operator-admin.commands.js";

const OperatorRoleEnum = builder.enumType(OperatorRole, { name: "OperatorRole" });

const OperatorType = builder.objectRef<OperatorRow>("Operator").implement({
  description: "Who may call the service with a token; the token itself is never stored or shown again.",
  fields: (t) => ({
    name: t.exposeString("name"),
    role: t.field({ type: OperatorRoleEnum, resolve: (row) => row.role }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", nullable: true }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
    active: t.boolean({ resolve: (row) => !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > Date.now()) }),
  }),
});

const OperatorTokenPayload = builder
  .objectRef<{ operator: OperatorRow; token: string }>("OperatorTokenPayload")
  .implement({
    fields: (t) => ({
      operator: t.field({ type: OperatorType, resolve: (payload) => payload.operator }),
      token: t.exposeString("token", { description: "Shown only in this answer: store it now." }),
    }),
  });

const OperatorChangePayload = builder
  .objectRef<{ operator: OperatorRow; changed: boolean }>("OperatorChangePayload")
  .implement({
    fields: (t) => ({
      operator: t.field({ type: OperatorType, resolve: (payload) => payload.operator }),
      changed: t.exposeBoolean("changed"),
    }),
  });

builder.queryField("operators", (t) =>
  t.field({
    type: [OperatorType],
    description: "Every operator (ADMIN only).",
    resolve: (_root, _args, context) => {
      requireRole(context.auth, "ADMIN");
      return listOperators(context.prisma);
    },
  }),
);

builder.mutationField("createOperator", (t) =>
  t.field({
    type: OperatorTokenPayload,
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "CreateOperatorResult" } },
    args: {
      name: t.arg.string({ required: true }),
      role: t.arg({ type: OperatorRoleEnum, required: true }),
      expiresInDays: t.arg.int(),
    },
    resolve: (_root, args, context) => {
      requireRole(context.auth, "ADMIN");
      return createOperatorRow({
        prisma: context.prisma,
        name: args.name,
        role: args.role,
        expiresInDays: args.expiresInDays,
      });
    },
  }),
);

builder.mutationField("revokeOperator", (t) =>
  t.field({
    type: OperatorChangePayload,
    description:
      "Revokes an operator's token at once, on every transport; idempotent. The last active ADMIN cannot be revoked.",
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "RevokeOperatorResult" } },
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      requireRole(context.auth, "ADMIN");
      const revoked = await revokeOperator(context.prisma, args.name);
      // This process at once; others when the change's notice reaches them (at its commit).
      context.services.tokens.forget();
      return revoked;
    },
  }),
);

builder.mutationField("rotateOperatorToken", (t) =>
  t.field({
    type: OperatorTokenPayload,
    description: "Issues a new token for an operator; the old one stops working at once.",
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "RotateOperatorTokenResult" } },
    args: { name: t.arg.string({ required: true }), expiresInDays: t.arg.int() },
    resolve: async (_root, args, context) => {
      requireRole(context.auth, "ADMIN");
      const rotated = await rotateOperatorToken(
        context.prisma,
        args.name,
        args.expiresInDays === undefined ? undefined : expiryAfterDays(args.expiresInDays),
      );
      context.services.tokens.forget(); // the old token's kept check, here at once
      return rotated;
    },
  }),
);
