/**
 * A form's definition as one list of fields, and a submission checked against it (decision 054).
 * Pure code, no database: the site builds the same checks in `app/` and both sides run the cases
 * of `validation-cases.json`, so they stay in step.
 *
 * A form has the spec's `questions` (field_type …) or the older `data` fields (type, subtype …),
 * or both; both become `FormField`s. Field names are the keys of a submission's `data`; unknown
 * keys are ignored. Messages are short English; the site shows its own translated ones.
 */

export type FieldType =
  | "content"
  | "submit"
  | "text"
  | "textarea"
  | "email"
  | "phone"
  | "currency"
  | "percent"
  | "number"
  | "password"
  | "date"
  | "datetime"
  | "time"
  | "checkbox"
  | "select"
  | "signature";

export interface FieldOption {
  label: string;
  value: string;
}

export interface FormField {
  /** The key in a submission's `data`; empty for content and buttons. */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder?: string;
  min?: number;
  max?: number;
  options?: FieldOption[];
  /** The default value. */
  value?: string;
  /** A content field's text. */
  content?: string;
}

/** Field types that take no answer. */
export const DISPLAY_TYPES: ReadonlySet<FieldType> = new Set(["content", "submit"]);

/** The longest answers (characters). */
export const MAX_TEXT = 500;
export const MAX_TEXTAREA = 5000;
/** The largest signature data URL (characters). */
export const MAX_SIGNATURE = 2 * 1024 * 1024;

const QUESTION_TYPES: Record<string, FieldType> = {
  content: "content",
  submit: "submit",
  text: "text",
  textarea: "textarea",
  email: "email",
  phone: "phone",
  tel: "phone",
  currency: "currency",
  percent: "percent",
  number: "number",
  password: "password",
  date: "date",
  datetime: "datetime",
  "datetime-local": "datetime",
  time: "time",
  checkbox: "checkbox",
  select: "select",
  radio: "select",
  signature: "signature",
};

/** The older fields' `type` (and a text field's `subtype`). */
const DATA_TYPES: Record<string, FieldType> = {
  text: "text",
  textarea: "textarea",
  number: "number",
  date: "date",
  select: "select",
  "radio-group": "select",
  "checkbox-group": "checkbox",
  checkbox: "checkbox",
  paragraph: "content",
  header: "content",
  button: "submit",
  signature: "signature",
};
const TEXT_SUBTYPES: Record<string, FieldType> = {
  email: "email",
  tel: "phone",
  password: "password",
  time: "time",
  "datetime-local": "datetime",
};

const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined;

const num = (v: unknown): number | undefined => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};

const flag = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

function options(v: unknown): FieldOption[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: FieldOption[] = [];
  for (const item of v) {
    if (typeof item === "string" || typeof item === "number") out.push({ label: String(item), value: String(item) });
    else if (item && typeof item === "object") {
      const o = item as Record<string, unknown>;
      const value = str(o.value) ?? str(o.label);
      if (value !== undefined) out.push({ label: str(o.label) ?? value, value });
    }
  }
  return out;
}

/** Line breaks are removed from labels (spec section 5). */
const label = (v: unknown) => (str(v) ?? "").replace(/[\r\n]+/g, " ").trim();

function withOptional(field: FormField, o: Record<string, unknown>, opts: unknown): FormField {
  const placeholder = str(o.placeholder);
  const min = num(o.min);
  const max = num(o.max);
  const list = options(opts);
  const value = str(o.value);
  if (placeholder) field.placeholder = placeholder;
  if (min !== undefined) field.min = min;
  if (max !== undefined) field.max = max;
  if (list && list.length) field.options = list;
  if (value !== undefined && value !== "") field.value = value;
  return field;
}

/** One of the spec's Questions as a field; null when its type is unknown. */
export function questionField(q: Record<string, unknown>): FormField | null {
  const type = QUESTION_TYPES[String(q.field_type ?? "").toLowerCase()];
  if (!type) return null;
  const field: FormField = {
    name: DISPLAY_TYPES.has(type) ? "" : (str(q.name) ?? str(q.id) ?? "").trim(),
    label: label(q.label),
    type,
    required: !DISPLAY_TYPES.has(type) && flag(q.required),
  };
  if (type === "content") field.content = str(q.content) ?? str(q.value) ?? "";
  return withOptional(field, q, q.options);
}

/** One of the older `data` fields as a field; null when its type is unknown. */
export function dataField(d: Record<string, unknown>): FormField | null {
  const raw = String(d.type ?? "").toLowerCase();
  let type = DATA_TYPES[raw];
  if (!type) return null;
  const subtype = String(d.subtype ?? "").toLowerCase();
  if (type === "text" && TEXT_SUBTYPES[subtype]) type = TEXT_SUBTYPES[subtype];
  const field: FormField = {
    name: DISPLAY_TYPES.has(type) ? "" : (str(d.name) ?? "").trim(),
    label: label(d.label),
    type,
    required: !DISPLAY_TYPES.has(type) && flag(d.required),
  };
  if (type === "content") field.content = label(d.label);
  return withOptional(field, d, d.values);
}

/**
 * The fields of a form, questions first, then the older data fields. An answer field without a
 * name, or with a name already taken, is left out.
 */
export function formFields(form: { questions?: unknown; data?: unknown }): FormField[] {
  const out: FormField[] = [];
  const names = new Set<string>();
  const add = (field: FormField | null) => {
    if (!field) return;
    if (!DISPLAY_TYPES.has(field.type)) {
      if (!field.name || names.has(field.name)) return;
      names.add(field.name);
    }
    out.push(field);
  };
  const list = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === "object") : [];
  for (const q of list(form.questions)) add(questionField(q));
  for (const d of list(form.data)) add(dataField(d));
  return out;
}

/** The first e-mail field's answer: where the sender's receipt goes (empty: none). */
export function senderEmail(fields: FormField[], values: Record<string, string>): string {
  const field = fields.find((f) => f.type === "email" && values[f.name]);
  return field ? values[field.name] : "";
}
