import { number, text } from "../fields";

/**
 * The paging fields of a list widget (spec section 3: a widget's limit, 100, and offset, 0, with
 * its pagination classes), to spread into its `widgetFields`. Whole numbers are made of them
 * where they are read (paging.ts).
 */
export const pagingFields = {
  limit: number(100, { min: 1, max: 500 }),
  offset: number(0, { min: 0, max: 10_000 }),
  /** Classes added to the list's pagination (its `<nav>`). */
  pagination_class: text(),
};
