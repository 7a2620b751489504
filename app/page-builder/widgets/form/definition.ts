/**
 * A form's definition as the widget renders and validates it. The CMS sends either questions
 * (spec section 3's Question) or the older data fields; both become one list of FormField, read
 * the way the CMS reads them when it validates a submission (decision 051).
 */

export type FieldKind =
  | "content"
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
  | "signature"
  | "submit";

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
  /** content / paragraph / header: the text shown (HTML from the back-office). */
  content: string;
  /** header: the heading level's tag. */
  heading: boolean;
}

/** The form as the widget's load hands it over (`GET /form`). */
export interface FormDefinition {
  id: number;
  name: string;
  url: string;
  use_captcha: boolean;
  must_be_logged_on: boolean;
  cost: number;
  thank_you: string;
  questions?: unknown[] | null;
  data?: unknown[] | null;
}

const KINDS = new Set<FieldKind>([
  "content",
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
  "submit",
]);

type Raw = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown) => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const bool = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";
/** Labels lose their line breaks (spec section 5). */
export const oneLine = (label: string) => label.replace(/\s*[\r\n]+\s*/g, " ").trim();

function options(raw: unknown): FieldOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((o) => {
    if (typeof o === "string" || typeof o === "number") return [{ label: String(o), value: String(o) }];
    if (o && typeof o === "object") {
      const { label, value } = o as Raw;
      const v = str(value) || str(label);
      return v ? [{ label: str(label) || v, value: v }] : [];
    }
    return [];
  });
}

const base = (r: Raw): Omit<FormField, "kind" | "name"> => ({
  label: oneLine(str(r.label)),
  required: bool(r.required),
  placeholder: str(r.placeholder),
  min: num(r.min),
  max: num(r.max),
  options: options(r.options ?? r.values),
  value: str(r.value),
  content: "",
  heading: false,
});

function fromQuestion(r: Raw): FormField | null {
  const type = str(r.field_type).toLowerCase();
  const kind: FieldKind | null =
    type === "dropdown" ? "select" : KINDS.has(type as FieldKind) ? (type as FieldKind) : null;
  if (!kind) return null;
  const field: FormField = { ...base(r), kind, name: str(r.name) || (r.id !== undefined ? `q${str(r.id)}` : "") };
  if (kind === "content") return { ...field, name: "", content: str(r.content) || str(r.label) };
  if (kind === "submit") return { ...field, name: "" };
  return field.name ? field : null;
}

const SUBTYPES: Record<string, FieldKind> = {
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

function fromData(r: Raw): FormField | null {
  const type = str(r.type).toLowerCase();
  const b = base(r);
  if (type === "paragraph" || type === "header") {
    return { ...b, name: "", kind: "content", content: str(r.label), label: "", heading: type === "header" };
  }
  if (type === "button") return { ...b, name: "", kind: "submit" };
  let kind: FieldKind | null = null;
  if (type === "text") kind = SUBTYPES[str(r.subtype).toLowerCase()] ?? "text";
  else if (type === "textarea" || type === "number" || type === "date" || type === "select") kind = type;
  else if (type === "checkbox" || type === "signature") kind = type;
  const name = str(r.name);
  return kind && name ? { ...b, kind, name } : null;
}

/** The form's fields, from its questions when it has any, else from its older data fields. */
export function formFieldsOf(form: Pick<FormDefinition, "questions" | "data">): FormField[] {
  const questions = Array.isArray(form.questions) ? form.questions : [];
  const rows = questions.length > 0 ? questions : Array.isArray(form.data) ? form.data : [];
  const read = questions.length > 0 ? fromQuestion : fromData;
  return rows.flatMap((r) => {
    const f = r && typeof r === "object" ? read(r as Raw) : null;
    return f ? [f] : [];
  });
}

/** The fields that carry an answer (not content, not the submit button). */
export const answerFields = (fields: readonly FormField[]) =>
  fields.filter((f) => f.kind !== "content" && f.kind !== "submit");

/**
 * A dropdown's value when it is among its options, else empty (spec section 5: a dropdown resets
 * when its value is not one of them).
 */
export const selectValue = (field: FormField, value: string) =>
  field.options.some((o) => o.value === value) ? value : "";
