/**
 * What one GraphQL request may ask for. One anonymous POST of 10,000 aliased page lists once
 * answered 329 MB and stalled the site for minutes; now (besides the 16 KB body bound of
 * lib/guards.ts):
 *
 * - graphql-armor: at most 15 aliases, a depth of 6, 1,000 tokens (the parser stops counting
 *   there, so a huge document is never built), 10 directives and a cost of 1,000; and no "Did you
 *   mean …" suggestions, which would spell out the schema when introspection is off.
 * - Lists: every list field answers at most MAX_LIST_ITEMS (the spec's page size), and one
 *   request may ask for at most MAX_ITEMS_PER_REQUEST list items in all (armor's cost counts a
 *   list as one object whatever its size: `cognitoPages(page_size: 100)` is 100 pages).
 * - In production, no introspection (`__schema`, `__type`).
 */
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { ASTVisitor, FieldNode, ValidationContext, ValidationRule } from "graphql";
import { createGraphQLError, type Plugin, type YogaInitialContext } from "graphql-yoga";

import { MAX_LIST_ITEMS } from "./list-limit";

// Only types come from "graphql" here: under vitest this file would get another copy of graphql
// than yoga's, and its `instanceof` checks (isListType, GraphQLError) would fail across copies.

export { MAX_LIST_ITEMS };
/** The most list items one request may ask for, all its lists together: five full lists. */
export const MAX_ITEMS_PER_REQUEST = 500;

export const ARMOR_LIMITS = { aliases: 15, depth: 6, tokens: 1000, directives: 10, cost: 1000 };

/** A list field's size as asked: its `page_size` when written in the query (capped), else a full list. */
function itemsAskedFor(field: FieldNode) {
  const pageSize = field.arguments?.find((a) => a.name.value === "page_size")?.value;
  if (pageSize?.kind !== "IntValue") return MAX_LIST_ITEMS;
  return Math.min(Math.max(Number(pageSize.value), 1), MAX_LIST_ITEMS);
}

/**
 * Refuses a document whose lists may answer more than `max` items in all: a list inside a list
 * counts as many times as the outer one may have items. (Lists inside a named fragment count once
 * per fragment; aliases and tokens bound how often it can be spread. Introspection is not counted:
 * it answers the schema, and production refuses it.)
 */
export function listItemsRule(max = MAX_ITEMS_PER_REQUEST): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const outer: number[] = [];
    let total = 0;
    let reported = false;
    return {
      Field: {
        enter(field) {
          // Introspection (`__schema`, `__type` and fields of `__Type`, say) answers the schema,
          // whose size is ours: its lists count 0.
          const introspection = field.name.value.startsWith("__") || String(context.getParentType()).startsWith("__");
          const times = introspection ? 0 : (outer.at(-1) ?? 1);
          // A type prints as it is written: "[CognitoPage!]!" is a list.
          const isList = String(context.getType() ?? "").startsWith("[");
          const here = isList ? times * itemsAskedFor(field) : times;
          outer.push(here);
          if (!isList) return;
          total += here;
          if (total > max && !reported) {
            reported = true;
            context.reportError(
              createGraphQLError(`The query asks for up to ${total} list items; the limit is ${max}.`, {
                nodes: field,
              }),
            );
          }
        },
        leave() {
          outer.pop();
        },
      },
    };
  };
}

/** No introspection: the `__schema` and `__type` fields are refused (`__typename` is fine). */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(field) {
    const name = field.name.value;
    if (name === "__schema" || name === "__type") {
      context.reportError(
        createGraphQLError(`GraphQL introspection has been disabled, but the query asked for "${name}".`, {
          nodes: field,
        }),
      );
    }
  },
});

/** A plugin that adds validation rules. */
const validationRules = (...rules: ValidationRule[]): Plugin => ({
  onValidate({ addValidationRule }) {
    for (const rule of rules) addValidationRule(rule);
  },
});

/** The plugins that bound every request; `production` also turns introspection off. */
export function graphqlLimits({ production }: { production: boolean }): Plugin[] {
  const armor = EnvelopArmorPlugin<YogaInitialContext>({
    maxAliases: { n: ARMOR_LIMITS.aliases },
    maxDepth: { n: ARMOR_LIMITS.depth },
    maxTokens: { n: ARMOR_LIMITS.tokens },
    maxDirectives: { n: ARMOR_LIMITS.directives },
    costLimit: { maxCost: ARMOR_LIMITS.cost },
    blockFieldSuggestion: { enabled: true },
  });
  const rules = production ? [listItemsRule(), noIntrospectionRule] : [listItemsRule()];
  return [armor, validationRules(...rules)];
}
