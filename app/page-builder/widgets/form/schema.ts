import { z } from "zod";

import type { FormField } from "./definition";
import { answerFields } from "./definition";

/**
 * One zod schema per form, built from its definition: conform reads the browser's input with it
 * and the action (`/forms/{id}`) validates the post with it again. Messages are translation keys
 * (`forms.errors.*`). Values stay strings, as the CMS takes them (decision 051).
 */

export const ERR = {
  required: "forms.errors.required",
  email: "forms.errors.email",
  phone: "forms.errors.phone",
  number: "forms.errors.number",
  min: "forms.errors.min",
  max: "forms.errors.max",
  date: "forms.errors.date",
  datetime: "forms.errors.datetime",
  time: "forms.errors.time",
  option: "forms.errors.option",
  signature: "forms.errors.signature",
  tooLong: "forms.errors.tooLong",
} as const;

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The DD/MM/YYYY mask: day's first digit 0-3, month's 0-1, year's 1-2 (spec section 5). */
const MASKED_DATE = /^([0-3]\d)\/([01]\d)\/([12]\d{3})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const SIGNATURE = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;

function realDate(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** True for YYYY-MM-DD (a native date input) or DD/MM/YYYY within the mask, naming a real day. */
export function isFormDate(value: string) {
  const iso = ISO_DATE.exec(value);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const masked = MASKED_DATE.exec(value);
  return masked ? realDate(Number(masked[3]), Number(masked[2]), Number(masked[1])) : false;
}

/** "$1,250.50", "12.5%", " 7 " → the number; anything else NaN. */
export const readNumber = (value: string) => {
  const cleaned = value.replace(/[$,%\s]/g, "");
  return cleaned === "" ? Number.NaN : Number(cleaned);
};

function bounded(field: FormField) {
  return z.string().superRefine((v, ctx) => {
    const n = readNumber(v);
    if (!Number.isFinite(n)) ctx.addIssue({ code: "custom", message: ERR.number });
    else if (field.min !== null && n < field.min) ctx.addIssue({ code: "custom", message: ERR.min });
    else if (field.max !== null && n > field.max) ctx.addIssue({ code: "custom", message: ERR.max });
  });
}

function valueSchema(field: FormField): z.ZodType<string> {
  const text = z.string().max(10_000, ERR.tooLong);
  switch (field.kind) {
    case "email":
      return text.regex(EMAIL, ERR.email);
    case "phone":
      return text.regex(PHONE, ERR.phone);
    case "number":
    case "currency":
    case "percent":
      return bounded(field);
    case "date":
      return text.refine(isFormDate, ERR.date);
    case "datetime":
      return text.regex(DATETIME, ERR.datetime);
    case "time":
      return text.regex(TIME, ERR.time);
    case "select":
      return text.refine((v) => field.options.some((o) => o.value === v), ERR.option);
    case "signature":
      return z.string().max(2_000_000, ERR.tooLong).regex(SIGNATURE, ERR.signature);
    case "text":
    case "textarea":
      return field.max !== null && field.max > 0 ? text.max(field.max, ERR.tooLong) : text;
    default:
      return text;
  }
}

function fieldSchema(field: FormField): z.ZodTypeAny {
  if (field.kind === "checkbox") {
    // Checked posts "1" (or "on"); unchecked posts nothing: stored as 1 or 0.
    const flag = z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === "" || v === "0" ? "0" : "1"));
    return field.required ? flag.refine((v) => v === "1", ERR.required) : flag;
  }
  // conform turns an empty input into undefined; parsed plainly, an empty string means the same.
  const value = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().optional());
  const checked = valueSchema(field);
  if (field.required) {
    return value.pipe(z.string({ required_error: ERR.required, invalid_type_error: ERR.required }).pipe(checked));
  }
  return value.pipe(checked.optional());
}

/** The schema of a form's answers: one key per field that takes one. */
export function buildFormSchema(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of answerFields(fields)) shape[field.name] = fieldSchema(field);
  return z.object(shape);
}
