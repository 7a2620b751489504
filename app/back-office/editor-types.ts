import type { ItemPath } from "./outline";

/** What the editor's loader hands its view: plain data (the schemas stay on the server). */

export type FieldKind = "text" | "textarea" | "select" | "checkbox" | "number" | "json" | "datetime";

export interface FieldDescriptor {
  name: string;
  kind: FieldKind;
  options?: string[];
}

/** One field of the selected item's form, with its current value. */
export interface EditorField extends FieldDescriptor {
  value: string | boolean;
}

/** The outline as the editor's view draws it: plain data, no schemas. */
export interface OutlineRow {
  path: string;
  blocks: {
    path: string;
    width: number;
    offset: number;
    widgets: { path: string; type: string; summary: string }[];
  }[];
}

export interface SelectedItem {
  path: string;
  kind: ItemPath["kind"];
  type: string;
  fields: EditorField[];
  own: EditorField[];
  grid: { width: number; offset: number } | null;
}

/** What a refused save hands back to the form: the messages by field and what was typed. */
export interface ItemErrors {
  path: string;
  errors: Record<string, string>;
  input: Record<string, string | boolean>;
}
