import { z } from "zod";

import { QUESTION_TYPES as FORM_QUESTION_TYPES } from "@contract/form-fields";

/**
 * The back-office's record models (docs/back-office.md's table): for each, the fields its form
 * shows, in order, and what a field is. The form, the list's columns and the zod schema that
 * checks a submission (in the browser with conform, and again in the action) all come from here.
 * A field's label is `records.fields.{name}` in cms.json; an error is a `records.errors.*` key.
 */

export type FieldKind =
  "text" | "textarea" | "html" | "number" | "money" | "checkbox" | "select" | "group" | "date" | "questions";

export interface FieldSpec {
  /** The record's field, as the API names it (snake_case). */
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** A select's values. */
  options?: readonly string[];
  /** Sent only when the record is made (a group's parent and model: moving is group/move). */
  createOnly?: boolean;
}

export interface ModelSpec {
  name: string;
  fields: readonly FieldSpec[];
  /** The list's columns (the first links to the record). */
  columns: readonly string[];
  /** The record has `enabled`: the list has enable and disable buttons. */
  enabled?: boolean;
  /** Photos are added to it (addPhoto). */
  photos?: boolean;
}

/** The question types the forms know (the contract's, aliases included). */
export const QUESTION_TYPES = Object.keys(FORM_QUESTION_TYPES) as [string, ...string[]];

const f = (name: string, kind: FieldKind = "text", extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  kind,
  ...extra,
});
const required = { required: true };

export const MODELS: readonly ModelSpec[] = [
  {
    name: "product",
    enabled: true,
    photos: true,
    columns: ["name", "price_cents"],
    fields: [
      f("name", "text", required),
      f("slug", "text", required),
      f("group_id", "group", required),
      f("price_cents", "money", required),
      f("description", "html"),
      f("dimensions"),
      f("timber"),
      f("finish"),
      f("sort_order", "number"),
    ],
  },
  {
    name: "group",
    columns: ["name", "slug"],
    fields: [
      f("name", "text", required),
      f("slug", "text", required),
      f("parent_id", "group", { createOnly: true }),
      f("model", "text", { createOnly: true }),
      f("url"),
      f("content", "html"),
      f("meta_description", "textarea"),
    ],
  },
  {
    name: "slide",
    columns: ["heading", "link"],
    fields: [
      f("group_id", "group", required),
      f("heading"),
      f("sub_heading"),
      f("content", "html"),
      f("link"),
      f("link_button_text"),
      f("sort_order", "number"),
    ],
  },
  {
    name: "gallery",
    photos: true,
    columns: ["name", "url"],
    fields: [
      f("name", "text", required),
      f("url", "text", required),
      f("heading"),
      f("sub_heading"),
      f("group_id", "group"),
    ],
  },
  {
    name: "testimonial",
    columns: ["name", "title"],
    fields: [
      f("name", "text", required),
      f("title"),
      f("content", "textarea"),
      f("rating", "select", { options: ["1", "2", "3", "4", "5"] }),
      f("group_id", "group"),
      f("sort_order", "number"),
    ],
  },
  {
    name: "person",
    columns: ["first_name", "last_name", "title"],
    fields: [
      f("first_name", "text", required),
      f("last_name"),
      f("title"),
      f("description", "html"),
      f("group_id", "group"),
      f("sort_order", "number"),
    ],
  },
  {
    name: "faq",
    columns: ["name"],
    fields: [f("name", "text", required), f("content", "html"), f("group_id", "group"), f("sort_order", "number")],
  },
  {
    name: "link",
    columns: ["name", "parent", "link"],
    fields: [
      f("name", "text", required),
      f("link", "text", required),
      f("parent", "text", required),
      f("icon"),
      f("sort_order", "number"),
    ],
  },
  {
    name: "redirect",
    columns: ["from_path", "to_path"],
    fields: [f("from_path", "text", required), f("to_path", "text", required)],
  },
  {
    name: "form",
    columns: ["name", "url"],
    fields: [
      f("name", "text", required),
      f("url", "text", required),
      f("cost_cents", "money"),
      f("must_be_logged_on", "checkbox"),
      f("use_captcha", "checkbox"),
      f("notify_email"),
      f("thank_you", "textarea"),
      f("questions", "questions"),
    ],
  },
  { name: "voucherTheme", columns: ["name"], fields: [f("name", "text", required), f("sort_order", "number")] },
  {
    name: "user",
    columns: ["email", "first_name", "last_name"],
    fields: [
      f("email", "text", required),
      f("first_name"),
      f("last_name"),
      f("is_admin", "checkbox"),
      f("mobile_phone"),
      f("company_name"),
      f("date_of_birth", "date"),
    ],
  },
];

export function modelSpec(name: string | undefined): ModelSpec | undefined {
  return MODELS.find((m) => m.name === name);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ERR = (key: string) => `records.errors.${key}`;

/**
 * A question row. The blank row the form always offers (a text question with no label and no
 * name) is left out, and so is a row whose label and name were cleared; a display row (content,
 * submit) is kept as it is.
 */
const questionRow = z.object({
  label: z.string().max(2000, ERR("tooLong")).optional(),
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, ERR("fieldName"))
    .optional(),
  field_type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: ERR("choose") }) }),
  required: z.boolean().default(false),
});
const blankRow = (row: unknown) => {
  if (!row || typeof row !== "object") return true;
  const r = row as { label?: unknown; name?: unknown; field_type?: unknown };
  return !r.label && !r.name && (r.field_type === undefined || r.field_type === "text");
};
const questions = z.preprocess(
  (rows) => (Array.isArray(rows) ? rows.filter((row) => !blankRow(row)) : []),
  z.array(questionRow),
);

/**
 * The zod type of one field, as conform parses a posted form (an empty input is undefined, a
 * checkbox is true or missing). Sent to the API as it comes out: money in cents, an empty optional
 * text as "", an empty group or number as null.
 */
export function fieldSchema(field: FieldSpec): z.ZodTypeAny {
  const need = field.required;
  switch (field.kind) {
    case "number":
    case "group": {
      const n = z.number({ required_error: ERR("required"), invalid_type_error: ERR("number") }).int(ERR("number"));
      if (need) return n;
      // An empty group is "none" (null); an empty number is left to the CMS's default (not sent).
      return field.kind === "group" ? n.nullish().transform((v) => v ?? null) : n.optional();
    }
    case "money": {
      const m = z
        .number({ required_error: ERR("required"), invalid_type_error: ERR("money") })
        .nonnegative(ERR("money"))
        .max(10_000_000, ERR("money"))
        .transform((dollars) => Math.round(dollars * 100));
      return need ? m : m.optional().transform((v) => v ?? 0);
    }
    case "checkbox":
      return z.boolean().default(false);
    case "select": {
      const s = z.enum(field.options as [string, ...string[]], { errorMap: () => ({ message: ERR("choose") }) });
      const typed = field.name === "rating" ? s.transform(Number) : s;
      return need ? typed : typed.nullish().transform((v) => v ?? null);
    }
    case "date": {
      const d = z.string({ required_error: ERR("required") }).regex(DATE, ERR("date"));
      return need ? d : d.nullish().transform((v) => v ?? null);
    }
    case "questions":
      return questions;
    default: {
      const s = z
        .string({ required_error: ERR("required") })
        .max(field.kind === "text" ? 500 : 100_000, ERR("tooLong"));
      // A field sent only when the record is made is left out when empty (the CMS decides).
      if (field.createOnly && !need) return s.optional();
      return need ? s : s.optional().transform((v) => v ?? "");
    }
  }
}

/** The fields of a model's form: all when the record is made, else those that can change. */
export function formFields(spec: ModelSpec, creating: boolean) {
  return spec.fields.filter((field) => creating || !field.createOnly);
}

/** The schema of a model's form: its fields, each checked as `fieldSchema` says. */
export function modelSchema(spec: ModelSpec, creating = false) {
  return z.object(Object.fromEntries(formFields(spec, creating).map((field) => [field.name, fieldSchema(field)])));
}

/** A record's value as its input shows it: cents as dollars, null as empty, questions as rows. */
export function formValue(field: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined) return field.kind === "checkbox" ? false : "";
  if (field.kind === "money" && typeof value === "number") return (value / 100).toFixed(2);
  if (field.kind === "questions") return Array.isArray(value) ? value : [];
  if (field.kind === "checkbox") return value === true;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
