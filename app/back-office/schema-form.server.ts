import { z } from "zod";

import { localDateTime, zonedInstant } from "@contract/site-clock";

import type { FieldDescriptor } from "./editor-types";

export type { FieldDescriptor } from "./editor-types";

/**
 * A widget's fields form, made from its `fields` zod schema (decision 085): the schema is read
 * here, on the server (the browser has no schemas), into plain descriptions the view draws, and
 * the posted form is read back through the same descriptions. Strings are text inputs (a long-text
 * name such as `content` or `html` a textarea), enums selects, booleans checkboxes, numbers number
 * inputs; records and lists (image hashes, inline items) are JSON in a textarea.
 */

/** Names whose text is long: rich text, HTML, code, quotes. */
const LONG_TEXT = /(^|_)(content|html|body|description|code|quote|text|intro|summary|embed|footer)$/;

/** The schema under the wrappers that do not change what kind of value it is. */
function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodCatch) s = s._def.innerType;
    else if (s instanceof z.ZodDefault) s = s._def.innerType;
    else if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodPipeline) s = s._def.out;
    else if (s instanceof z.ZodLazy) s = s.schema;
    else return s;
  }
}

/** The kind of input a (tolerant) field schema wants; null for what the form cannot hold. */
export function kindOf(name: string, schema: z.ZodTypeAny): Pick<FieldDescriptor, "kind" | "options"> | null {
  const s = unwrap(schema);
  if (s instanceof z.ZodEnum) return { kind: "select", options: [...(s.options as string[])] };
  if (s instanceof z.ZodBoolean) return { kind: "checkbox" };
  if (s instanceof z.ZodNumber) return { kind: "number" };
  if (s instanceof z.ZodString) return { kind: LONG_TEXT.test(name) ? "textarea" : "text" };
  if (s instanceof z.ZodRecord || s instanceof z.ZodArray || s instanceof z.ZodObject) return { kind: "json" };
  if (s instanceof z.ZodUnion) {
    const options = (s.options as z.ZodTypeAny[]).map(unwrap);
    if (options.some((o) => o instanceof z.ZodBoolean)) return { kind: "checkbox" };
    if (options.some((o) => o instanceof z.ZodString)) return { kind: LONG_TEXT.test(name) ? "textarea" : "text" };
    if (options.every((o) => o instanceof z.ZodNumber)) return { kind: "number" };
  }
  if (s instanceof z.ZodLiteral) return null;
  return null;
}

/** The form of a widget's fields schema (an object, as `widgetFields` makes it); empty otherwise. */
export function describeFields(schema: z.ZodTypeAny | undefined): FieldDescriptor[] {
  if (!schema) return [];
  const object = unwrap(schema);
  if (!(object instanceof z.ZodObject)) return [];
  const shape = object.shape as Record<string, z.ZodTypeAny>;
  return Object.entries(shape).flatMap(([name, field]) => {
    const kind = kindOf(name, field);
    return kind ? [{ name, ...kind }] : [];
  });
}

/** An instant as a datetime-local input writes it, on the site's clock; a zone-less time as it is. */
export function siteLocalInput(value: unknown, timeZone: string): string {
  if (typeof value !== "string" || !value) return "";
  const zoneless = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value);
  if (zoneless && !/(?:Z|[+-]\d{2}:?\d{2})$/.test(value)) return `${zoneless[1]}T${zoneless[2] ?? "00:00"}`;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return "";
  return localDateTime(at, timeZone);
}

/** The value a field shows: what the widget holds, as the input writes it (times on the site's clock). */
export function formValue(descriptor: FieldDescriptor, value: unknown, timeZone = "UTC"): string | boolean {
  switch (descriptor.kind) {
    case "checkbox":
      return value === true || value === 1 || value === "1" || value === "true";
    case "json":
      return value === undefined ? "" : JSON.stringify(value, null, 2);
    case "datetime":
      return siteLocalInput(value, timeZone);
    default:
      return value === undefined || value === null ? "" : String(value);
  }
}

export type ReadResult =
  | { ok: true; values: Record<string, unknown>; input: Record<string, string | boolean> }
  | { ok: false; errors: Record<string, string>; input: Record<string, string | boolean> };

/** Messages by kind of mistake; the caller gives them in the admin's language. */
export interface ReadMessages {
  number: string;
  option: string;
  json: string;
  date: string;
}

/**
 * Reads the posted fields (named `{prefix}{name}`) through their descriptions: each value typed as
 * its schema reads it. A mistake names the field; the input comes back so nothing typed is lost.
 */
export function readFields(
  descriptors: readonly FieldDescriptor[],
  form: FormData,
  messages: ReadMessages,
  prefix = "f.",
  timeZone = "UTC",
): ReadResult {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const input: Record<string, string | boolean> = {};
  for (const d of descriptors) {
    const raw = form.get(prefix + d.name);
    const text = typeof raw === "string" ? raw : "";
    if (d.kind === "checkbox") {
      input[d.name] = raw !== null;
      values[d.name] = raw !== null;
      continue;
    }
    input[d.name] = text;
    if (d.kind === "number") {
      const n = Number(text);
      if (text.trim() === "") values[d.name] = null;
      else if (Number.isFinite(n)) values[d.name] = n;
      else errors[d.name] = messages.number;
    } else if (d.kind === "select") {
      if (d.options?.includes(text)) values[d.name] = text;
      else errors[d.name] = messages.option;
    } else if (d.kind === "json") {
      if (text.trim() === "") continue;
      try {
        values[d.name] = JSON.parse(text);
      } catch {
        errors[d.name] = messages.json;
      }
    } else if (d.kind === "datetime") {
      if (text.trim() === "") values[d.name] = null;
      else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) values[d.name] = zonedInstant(text, timeZone);
      else errors[d.name] = messages.date;
    } else {
      values[d.name] = text;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors, input } : { ok: true, values, input };
}
