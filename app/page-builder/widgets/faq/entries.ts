/**
 * A question of the FAQ: one of the widget's own items, or one loaded from its group. Read here
 * without a schema library, because the view reads the widget's items in the browser too.
 */
export interface FaqEntry {
  id: string | number | null;
  name: string;
  content: string;
}

/** Text as the field type `text()` reads it: a string as written, a number as its digits, else "". */
const textOf = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" && !Number.isNaN(value) ? String(value) : "";

/** An id as `ref()` reads it: a string or a number, else null. */
const refOf = (value: unknown) =>
  typeof value === "string" || (typeof value === "number" && !Number.isNaN(value)) ? value : null;

/** The questions in a list: every entry that is an object; anything else in it is skipped. */
export function faqEntries(list: unknown): FaqEntry[] {
  return (Array.isArray(list) ? list : []).flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return [];
    const { id, name, content } = entry as Record<string, unknown>;
    return [{ id: refOf(id), name: textOf(name), content: textOf(content) }];
  });
}

/** Every question the FAQ shows, in order: its own items, then its group's; unnamed ones left out. */
export function faqItems(items: unknown, loaded: unknown) {
  return [
    ...faqEntries(items).map((item, i) => ({ ...item, id: `i-${String(item.id ?? i)}` })),
    ...faqEntries(loaded).map((item, i) => ({ ...item, id: `g-${String(item.id ?? i)}` })),
  ].filter((item) => item.name);
}
