import type { OutlineDoc } from "./outline";

/** One field that differs, as text an admin can read. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface WidgetChange {
  id: string;
  type: string;
  change: "added" | "removed" | "changed";
  fields: FieldChange[];
}

interface Item {
  id: string;
  type: string;
  values: Record<string, unknown>;
}

/** Every widget of the rows and every page block, by id, with the values a change would show. */
function itemsOf(doc: OutlineDoc): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const row of doc.rows) {
    for (const block of row.blocks) {
      for (const w of block.widgets) {
        items.set(`w:${w.id}`, { id: w.id, type: w.type, values: { ...w.fields, ...prefixed(w.wrapper) } });
      }
    }
  }
  for (const pb of doc.pageContents) {
    const { id: _id, template, variables, sort_order: _s, ...own } = pb;
    items.set(`p:${pb.id}`, { id: pb.id, type: template, values: { ...variables, ...prefixed(own) } });
  }
  return items;
}

const prefixed = (values: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [`(${k})`, v]));

/** A value as text: strings as written, anything else as JSON; absent is empty. */
const asText = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.flatMap((field) => {
    const b = asText(before[field]);
    const a = asText(after[field]);
    return a === b ? [] : [{ field, before: b, after: a }];
  });
}

/**
 * What changed from one document to another, widget by widget (row widgets and page blocks,
 * matched by id): those added, those removed, and those whose fields or settings changed, with
 * each changed field's text before and after. Order moves alone are not listed.
 */
export function diffDocs(before: OutlineDoc, after: OutlineDoc): WidgetChange[] {
  const was = itemsOf(before);
  const now = itemsOf(after);
  const changes: WidgetChange[] = [];
  for (const [key, item] of now) {
    const old = was.get(key);
    if (!old) changes.push({ id: item.id, type: item.type, change: "added", fields: fieldChanges({}, item.values) });
    else {
      const fields = fieldChanges(old.values, item.values);
      if (fields.length || old.type !== item.type)
        changes.push({ id: item.id, type: item.type, change: "changed", fields });
    }
  }
  for (const [key, item] of was) {
    if (!now.has(key))
      changes.push({ id: item.id, type: item.type, change: "removed", fields: fieldChanges(item.values, {}) });
  }
  return changes;
}
