/**
 * The most items a list answers: the spec's page size (page list 100, widget limit 100). Its own
 * module, so what uses it outside GraphQL (the voucher routes) does not load graphql-yoga at start.
 */
export const MAX_LIST_ITEMS = 100;
