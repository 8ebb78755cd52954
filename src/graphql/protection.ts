// Operation limits, configured from env and applied to both transports: depth, cost, aliases and
// directives from graphql-armor's validation rules; the token cap is graphql-js's own parse option.
import { ApolloArmor } from "@escape.tech/graphql-armor";
import { parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from "graphql";
import type { Env } from "../env.js";

export interface Protection {
  /** Apollo's `parseOptions`: the parser stops after `maxTokens`, so the answer is a 400 parse error. */
  parseOptions: { maxTokens: number };
  /** Validation rules added to graphql-js's own for depth, cost, aliases and directives. */
  validationRules: ValidationRule[];
  /** graphql-ws equivalents: the token cap is graphql-js's own `maxTokens` parse option. */
  parseForSubscriptions(source: string): DocumentNode;
  validateForSubscriptions(schema: GraphQLSchema, document: DocumentNode): ReturnType<typeof validate>;
}

export function createProtection(limits: Env["limits"]): Protection {
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth },
    costLimit: { maxCost: limits.maxCost },
    maxAliases: { n: limits.maxAliases },
    // armor's token plugin answers 500 under Apollo 5; graphql-js's `maxTokens` answers 400 (see parseOptions).
    maxTokens: { enabled: false },
    maxDirectives: { n: limits.maxDirectives },
    // Introspection is on, so hiding "Did you mean" suggestions would protect nothing and only slow agents.
    blockFieldSuggestion: { enabled: false },
  });
  const rules = armor.protect().validationRules as ValidationRule[];
  return {
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: rules,
    parseForSubscriptions: (source) => parse(source, { maxTokens: limits.maxTokens }),
    validateForSubscriptions: (schema, document) => validate(schema, document, [...specifiedRules, ...rules]),
  };
}
