/**
 * A form's definition and the rules its answers are checked by (decisions 051 and 054), the same
 * on both sides: the site builds the form and its zod schema from `formFields`, the CMS checks a
 * submission with `validateSubmission` (cms/forms/validate.ts), and both run the cases of
 * `form-validation-cases.json`. Browser-safe: no imports but the contract's own (the site's form
 * check runs in an enhancer).
 *
 * A form has the spec's `questions` (field_type …) or the older `data` fields (type, subtype …),
 * or both; both become `FormField`s. Field names are the keys of a submission's `data`.
 */

import { type DateRule, dateRuleOf, isPerPerson } from "./bookings";

/** What a field is: how it is shown and how its answer is checked. */
export const FIELD_KINDS = [
  "content",
  "submit",
  "text",
  "textarea",
  "email",
  "phone",
  "currency",
  "percent",
  "number",
  "password",
  "date",
  "datetime",
  "time",
  "checkbox",
  "select",
  "signature",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Kinds that take no answer. */
export const DISPLAY_KINDS: ReadonlySet<FieldKind> = new Set(["content", "submit"]);

export interface FieldOption {
  label: string;
  value: string;
}

export interface FormField {
  /** The key of the answer in a submission's `data`; empty for content and submit. */
  name: string;
  kind: FieldKind;
  /** Without line breaks (spec section 5). */
  label: string;
  required: boolean;
  placeholder: string;
  min: number | null;
  max: number | null;
  options: FieldOption[];
  /** The value the field starts with. */
  value: string;
  /** content: the text shown (HTML from the back-office). */
  content: string;
  /** content from an older `header` field: shown as a heading. */
  heading: boolean;
  /** A number answered in whole units only (`step: 1`, or the field the cost is charged per). */
  whole: boolean;
  /** The number the form's cost is charged per (the workshop's attendees; `bookings.ts`). */
  perPerson: boolean;
  /** The days a date field may name (`bookings.ts`); null: any real day. */
  dates: DateRule | null;
}

/** A question's `field_type` (aliases included) as a kind, in the order an editor is offered them. */
export const QUESTION_TYPES: Readonly<Record<string, FieldKind>> = {
  text: "text",
  textarea: "textarea",
  email: "email",
  phone: "phone",
  tel: "phone",
  number: "number",
  currency: "currency",
  percent: "percent",
  password: "password",
  date: "date",
  datetime: "datetime",
  "datetime-local": "datetime",
  time: "time",
  checkbox: "checkbox",
  select: "select",
  dropdown: "select",
  radio: "select",
  signature: "signature",
  content: "content",
  submit: "submit",
};

/** The older fields' `type` as a kind. */
const DATA_TYPES: Readonly<Record<string, FieldKind>> = {
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
/** An older text field's `subtype` as a kind. */
const TEXT_SUBTYPES: Readonly<Record<string, FieldKind>> = {
  email: "email",
  tel: "phone",
  phone: "phone",
  password: "password",
  number: "number",
  date: "date",
  time: "time",
  "datetime-local": "datetime",
  datetime: "datetime",
  currency: "currency",
  percent: "percent",
};

type Raw = Record<string, unknown>;

const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined;

const num = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const flag = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

/** Labels lose their line breaks (spec section 5). */
export const oneLine = (label: string) => label.replace(/\s*[\r\n]+\s*/g, " ").trim();

function options(v: unknown): FieldOption[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item) => {
    if (typeof item === "string" || typeof item === "number") return [{ label: String(item), value: String(item) }];
    if (item && typeof item === "object") {
      const o = item as Raw;
      const value = str(o.value) ?? str(o.label);
      return value !== undefined ? [{ label: str(o.label) ?? value, value }] : [];
    }
    return [];
  });
}

function field(raw: Raw, kind: FieldKind, name: unknown): FormField {
  const display = DISPLAY_KINDS.has(kind);
  return {
    name: display ? "" : (str(name) ?? "").trim(),
    kind,
    label: oneLine(str(raw.label) ?? ""),
    required: !display && flag(raw.required),
    placeholder: str(raw.placeholder) ?? "",
    min: num(raw.min),
    max: num(raw.max),
    options: options(raw.options ?? raw.values),
    value: str(raw.value) ?? "",
    content: "",
    heading: false,
    whole: kind === "number" && (num(raw.step) === 1 || isPerPerson(raw)),
    perPerson: kind === "number" && isPerPerson(raw),
    dates: kind === "date" ? dateRuleOf(raw) : null,
  };
}

/** One of the spec's Questions as a field; null when its type is unknown. */
export function questionField(q: Raw): FormField | null {
  const kind = QUESTION_TYPES[String(q.field_type ?? "").toLowerCase()];
  if (!kind) return null;
  const f = field(q, kind, q.name ?? q.id);
  if (kind === "content") f.content = str(q.content) || str(q.value) || f.label;
  return f;
}

/** One of the older `data` fields as a field; null when its type is unknown. */
export function dataField(d: Raw): FormField | null {
  const type = String(d.type ?? "").toLowerCase();
  let kind = DATA_TYPES[type];
  if (!kind) return null;
  if (kind === "text") kind = TEXT_SUBTYPES[String(d.subtype ?? "").toLowerCase()] ?? "text";
  const f = field(d, kind, d.name);
  if (kind === "content") return { ...f, content: f.label, heading: type === "header" };
  return f;
}

/**
 * The fields of a form, its questions first, then its older data fields. An answer field without
 * a name, or with a name already taken, is left out.
 */
export function formFields(form: { questions?: unknown; data?: unknown }): FormField[] {
  const out: FormField[] = [];
  const names = new Set<string>();
  const add = (f: FormField | null) => {
    if (!f) return;
    if (!DISPLAY_KINDS.has(f.kind)) {
      if (!f.name || names.has(f.name)) return;
      names.add(f.name);
    }
    out.push(f);
  };
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is Raw => !!x && typeof x === "object") : []);
  for (const q of list(form.questions)) add(questionField(q));
  for (const d of list(form.data)) add(dataField(d));
  return out;
}

/** The fields that take an answer (not content, not the submit button). */
export const answerFields = (fields: readonly FormField[]) => fields.filter((f) => !DISPLAY_KINDS.has(f.kind));

/** The first e-mail field's answer: where the sender's receipt goes (empty: none). */
export function senderEmail(fields: readonly FormField[], values: Record<string, string>): string {
  const f = fields.find((x) => x.kind === "email" && values[x.name]);
  return f ? values[f.name] : "";
}

// The rules an answer is checked by. Each side words its own messages.

/** The longest answers (characters). */
export const MAX_TEXT = 500;
export const MAX_TEXTAREA = 5000;
export const MAX_EMAIL = 254;
/** The largest signature data URL (characters). */
export const MAX_SIGNATURE = 2 * 1024 * 1024;

/** A checkbox's answer, trimmed and lower-cased: checked (stored "1") or not (stored "0"). */
export const CHECKED: ReadonlySet<string> = new Set(["1", "true", "on", "yes"]);
export const UNCHECKED: ReadonlySet<string> = new Set(["", "0", "false", "off", "no"]);

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const PHONE = /^[0-9+() .-]+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const SIGNATURE = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

export const isEmail = (value: string) => value.length <= MAX_EMAIL && EMAIL.test(value);

/** Digits, spaces and `+ ( ) . -`, with 6 to 20 digits. */
export function isPhone(value: string) {
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 6 && digits <= 20;
}

/** A png, jpeg or svg image as a base64 data URL (what the signature pad makes). */
export const isSignature = (value: string) => SIGNATURE.test(value);

/** "$1,250.50", "12.5%", " 7 " → the number; anything else NaN. Currency takes at most 2 decimals. */
export function readNumber(value: string, kind: FieldKind = "number"): number {
  let raw = value.replace(/\s+/g, "");
  if (kind === "currency") raw = raw.replace(/^\$/, "").replace(/,/g, "");
  if (kind === "percent") raw = raw.replace(/%$/, "");
  if (!NUMBER.test(raw) || (kind === "currency" && /\.\d{3,}$/.test(raw))) return Number.NaN;
  return Number(raw);
}

/** A number field's bounds: its own, else 0 to 100 for a percentage. */
export function numberBounds(f: Pick<FormField, "kind" | "min" | "max">) {
  return { min: f.min ?? (f.kind === "percent" ? 0 : null), max: f.max ?? (f.kind === "percent" ? 100 : null) };
}

/** The DD/MM/YYYY mask: day's first digit 0-3, month's 0-1, year's 1-2 (spec section 5). */
const MASKED_DATE = /^([0-3]\d)\/([01]\d)\/([12]\d{3})$/;

/**
 * A calendar date from `YYYY-MM-DD` (a native date input) or `DD/MM/YYYY` within the mask, as
 * `YYYY-MM-DD`; null when not a real date.
 */
export function parseDate(value: string): string | null {
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = MASKED_DATE.exec(value);
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
