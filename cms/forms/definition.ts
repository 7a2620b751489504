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

export type SubmissionResult =
  { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, string[]> };

const CHECKED = new Set(["1", "true", "on", "yes"]);
const UNCHECKED = new Set(["", "0", "false", "off", "no"]);

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const PHONE = /^[0-9+() .-]+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const SIGNATURE = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** A calendar date from `YYYY-MM-DD` or `DD/MM/YYYY`, as `YYYY-MM-DD`; null when not a real date. */
export function parseDate(value: string): string | null {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (y < 1000 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** `HH:MM` (or `HH:MM:SS`), 00:00 to 23:59, as `HH:MM`; null otherwise. */
export function parseTime(value: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}

/** A date and a time, `T` or a space between, as `YYYY-MM-DDTHH:MM`; null otherwise. */
export function parseDateTime(value: string): string | null {
  const match = /^(\S+)[T ](\S+)$/.exec(value);
  if (!match) return null;
  const date = parseDate(match[1]);
  const time = parseTime(match[2]);
  return date && time ? `${date}T${time}` : null;
}

function checkNumber(field: FormField, text: string, errors: string[]): string {
  let raw = text.replace(/\s+/g, "");
  if (field.type === "currency") raw = raw.replace(/^\$/, "").replace(/,/g, "");
  if (field.type === "percent") raw = raw.replace(/%$/, "");
  const ok = NUMBER.test(raw) && (field.type !== "currency" || !/\.\d{3,}$/.test(raw));
  if (!ok) {
    errors.push(field.type === "currency" ? "must be an amount" : "must be a number");
    return text;
  }
  const n = Number(raw);
  const min = field.min ?? (field.type === "percent" ? 0 : undefined);
  const max = field.max ?? (field.type === "percent" ? 100 : undefined);
  if (min !== undefined && n < min) errors.push(`must be at least ${min}`);
  if (max !== undefined && n > max) errors.push(`must be at most ${max}`);
  return field.type === "currency" ? n.toFixed(2) : String(n);
}

/** One answer checked: the stored value, and the errors (none: valid). */
function checkField(field: FormField, input: unknown): { value: string; errors: string[] } {
  const errors: string[] = [];
  if (
    input !== undefined &&
    input !== null &&
    typeof input !== "string" &&
    typeof input !== "number" &&
    typeof input !== "boolean"
  ) {
    return { value: "", errors: ["is not valid"] };
  }
  if (field.type === "checkbox") {
    const text = String(input ?? "")
      .trim()
      .toLowerCase();
    if (CHECKED.has(text)) return { value: "1", errors };
    if (!UNCHECKED.has(text)) return { value: "0", errors: ["is not valid"] };
    return { value: "0", errors: field.required ? ["is required"] : [] };
  }
  const raw = typeof input === "boolean" ? (input ? "1" : "0") : String(input ?? "");
  const text = field.type === "password" || field.type === "signature" ? raw : raw.trim();
  if (text === "") return { value: "", errors: field.required ? ["is required"] : [] };
  switch (field.type) {
    case "text":
    case "password":
      if (text.length > MAX_TEXT) errors.push(`must be at most ${MAX_TEXT} characters`);
      return { value: text, errors };
    case "textarea":
      if (text.length > MAX_TEXTAREA) errors.push(`must be at most ${MAX_TEXTAREA} characters`);
      return { value: text, errors };
    case "email":
      if (text.length > 254 || !EMAIL.test(text)) errors.push("must be an e-mail address");
      return { value: text, errors };
    case "phone": {
      const digits = text.replace(/\D/g, "").length;
      if (!PHONE.test(text) || digits < 6 || digits > 20) errors.push("must be a phone number");
      return { value: text, errors };
    }
    case "number":
    case "currency":
    case "percent":
      return { value: checkNumber(field, text, errors), errors };
    case "date": {
      const date = parseDate(text);
      if (!date) errors.push("must be a date");
      return { value: date ?? text, errors };
    }
    case "datetime": {
      const at = parseDateTime(text);
      if (!at) errors.push("must be a date and time");
      return { value: at ?? text, errors };
    }
    case "time": {
      const time = parseTime(text);
      if (!time) errors.push("must be a time (HH:MM)");
      return { value: time ?? text, errors };
    }
    case "select":
      if (!(field.options ?? []).some((o) => o.value === text)) errors.push("must be one of the choices");
      return { value: text, errors };
    case "signature":
      if (text.length > MAX_SIGNATURE) errors.push("is too large");
      else if (!SIGNATURE.test(text)) errors.push("must be a signature image");
      return { value: text, errors };
    default:
      return { value: text, errors };
  }
}

/**
 * A submission's `data` checked against the fields: the stored values (trimmed, dates as
 * `YYYY-MM-DD`, checkboxes `1`/`0`, amounts with 2 decimals), or the errors by field name.
 * Content and buttons take no answer; keys that name no field are ignored.
 */
export function validateSubmission(fields: FormField[], data: unknown): SubmissionResult {
  const input = data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const values: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    if (DISPLAY_TYPES.has(field.type)) continue;
    const own = Object.prototype.hasOwnProperty.call(input, field.name) ? input[field.name] : undefined;
    const checked = checkField(field, own);
    if (checked.errors.length) errors[field.name] = checked.errors;
    else values[field.name] = checked.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/** The first e-mail field's answer: where the sender's receipt goes (empty: none). */
export function senderEmail(fields: FormField[], values: Record<string, string>): string {
  const field = fields.find((f) => f.type === "email" && values[f.name]);
  return field ? values[field.name] : "";
}
