import type { z } from "zod";

import type { Doc, EditedPage } from "@contract/admin-pages";
import type { Widget } from "@contract/pages";
import { getWidget, widgetList } from "~/page-builder/registry";

import type { EditorField, OutlineRow, SelectedItem } from "./editor-types";
import { pageBlockAt, parsePath, widgetAt } from "./outline";
import { describeFields, type FieldDescriptor, formValue } from "./schema-form.server";
import { PAGE_BLOCK_FIELDS, WRAPPER_FIELDS, wrapperValues } from "./wrapper-fields.server";

/** A widget's first words: its first text field with something in it, tags left out. */
function summary(fields: Record<string, unknown>) {
  for (const value of Object.values(fields)) {
    if (typeof value === "string" && value.trim()) {
      const plain = value
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      if (plain) return plain.length > 60 ? `${plain.slice(0, 59)}…` : plain;
    }
  }
  return "";
}

export function outlineOf(doc: Doc): {
  rows: OutlineRow[];
  pageBlocks: { path: string; type: string; summary: string }[];
} {
  return {
    rows: doc.rows.map((row, r) => ({
      path: `r${r}`,
      blocks: row.blocks.map((block, b) => ({
        path: `r${r}.b${b}`,
        width: block.width,
        offset: block.offset,
        widgets: block.widgets.map((w, i) => ({
          path: `r${r}.b${b}.w${i}`,
          type: w.type,
          summary: summary(w.fields),
        })),
      })),
    })),
    pageBlocks: doc.pageContents.map((pb, i) => ({
      path: `p${i}`,
      type: pb.template,
      summary: pb.name || summary(pb.variables),
    })),
  };
}

const withValues = (
  descriptors: readonly FieldDescriptor[],
  values: Record<string, unknown>,
  zone: string,
): EditorField[] => descriptors.map((d) => ({ ...d, value: formValue(d, values[d.name], zone) }));

/** A widget's fields as its schema reads them (each present, defaults filled in), for the form. */
const parsedFields = (type: string, raw: Record<string, unknown>): Record<string, unknown> => {
  const parsed = getWidget(type)?.parseFields({ fields: raw });
  return parsed && typeof parsed === "object" ? { ...raw, ...(parsed as Record<string, unknown>) } : raw;
};

const fieldsOf = (type: string) => describeFields((getWidget(type) as { fields?: z.ZodTypeAny } | undefined)?.fields);

/** The selected item's form: its fields (from its widget's schema) and its own settings. */
export function selectedItem(doc: Doc, select: string | null, zone: string): SelectedItem | null {
  const at = parsePath(select);
  if (!at || !select) return null;
  const widget: Widget | null = widgetAt(doc, at);
  if (widget) {
    return {
      path: select,
      kind: at.kind,
      type: widget.type,
      fields: withValues(fieldsOf(widget.type), parsedFields(widget.type, widget.fields), zone),
      own: withValues(WRAPPER_FIELDS, wrapperValues(widget.wrapper), zone),
      grid: null,
    };
  }
  const pageBlock = pageBlockAt(doc, at);
  if (pageBlock) {
    return {
      path: select,
      kind: at.kind,
      type: pageBlock.template,
      fields: withValues(fieldsOf(pageBlock.template), parsedFields(pageBlock.template, pageBlock.variables), zone),
      own: withValues(PAGE_BLOCK_FIELDS, pageBlock as Record<string, unknown>, zone),
      grid: null,
    };
  }
  if (at.kind === "block") {
    const block = doc.rows[at.row]?.blocks[at.block];
    if (block)
      return {
        path: select,
        kind: at.kind,
        type: "",
        fields: [],
        own: [],
        grid: { width: block.width, offset: block.offset },
      };
  }
  return null;
}

/** The widget id the preview highlights for a selected path (page blocks render as `pb-{id}`). */
export function highlightId(doc: Doc, select: string | null): string | null {
  const at = parsePath(select);
  const widget = widgetAt(doc, at);
  if (widget) return widget.id;
  const pageBlock = pageBlockAt(doc, at);
  return pageBlock ? `pb-${pageBlock.id}` : null;
}

/** Every widget type an admin may add, by name. */
export const widgetTypes = () => widgetList.map((w) => w.type).sort();

/** The page's state for the editor's header: names, whether a draft waits, what is scheduled. */
export const pageSummary = (page: EditedPage) => ({
  id: page.id,
  name: page.name,
  url: page.url,
  hasDraft: page.draft !== null,
  scheduled: page.scheduled,
});
