// `createProject` mutation: AGENT role; exact problem ref only; idempotent per (operator, problem, key).
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../commands/write-props.js";
import { WRITE_ERRORS } from "../../../graphql/errors.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { createProject } from "../commands/create-project.command.js";
import { AmbiguousRefError, IdempotencyConflictError } from "../domain/research.errors.js";
import type { Project } from "../../../generated/prisma/client.js";
import { ProjectType } from "./project.schema.js";
import "./research-errors.schema.js";

const CreateProjectInput = builder.inputType("CreateProjectInput", {
  fields: (t) => ({
    problemRef: t.string({
      required: true,
      description: "An exact problem ref (see `problem(ref:)`); free text is refused.",
    }),
    name: t.string({ required: true }),
    idempotencyKey: t.string({ required: true, description: "Retries with the same key return the original project." }),
  }),
});

const CreateProjectPayload = builder
  .objectRef<{ replayed: boolean; project: Project }>("CreateProjectPayload")
  .implement({
    fields: (t) => ({
      project: t.field({ type: ProjectType, resolve: (payload) => payload.project }),
      replayed: t.exposeBoolean("replayed", {
        description: "True when this key was seen before and the original result is returned.",
      }),
    }),
  });

builder.mutationField("createProject", (t) =>
  t.field({
    type: CreateProjectPayload,
    errors: {
      types: [...WRITE_ERRORS, AmbiguousRefError, IdempotencyConflictError],
      directResult: true,
      union: { name: "CreateProjectResult" },
    },
    args: { input: t.arg({ type: CreateProjectInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      const result = await createProject({
        ...writeProps(context.services, operator),
        input,
      });
      return { replayed: result.replayed, project: result.project };
    },
  }),
);
