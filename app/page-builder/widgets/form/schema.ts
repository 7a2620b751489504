import { z } from "zod";

import type { FormField } from "./definition";
import { answerFields } from "./definition";
import { ERR } from "./messages";

/**
 * One zod schema per form, built from its definition: conform reads the browser's input with it
 * and the action (`/forms/{id}`) validates the post with it again. Messages are translation keys
 * (`forms.errors.*`). Values stay strings, as the CMS takes them (decision 051).
 */

export { ERR };

// The CMS's own checks (cms/forms/definition.ts), so the two agree (validation-cases.json).
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const PHONE = /^[0-9+() .-]+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const CHECKED = new Set(["1", "true", "on", "yes"]);
const UNCHECKED = new Set(["", "0", "false", "off", "no"]);
export const MAX_TEXT = 500;
export const MAX_TEXTAREA = 5000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The DD/MM/YYYY mask: day's first digit 0-3, month's 0-1, year's 1-2 (spec section 5). */
const MASKED_DATE = /^([0-3]\d)\/([01]\d)\/([12]\d{3})$/;
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

/** A date and a time, `T` or a space between: the date as isFormDate takes it, the time HH:MM(:SS). */
export function isFormDateTime(value: string) {
  const match = /^(\S+)[T ](\S+)$/.exec(value);
  return !!match && isFormDate(match[1]!) && TIME.test(match[2]!);
}

/** "$1,250.50", "12.5%", " 7 " → the number; anything else NaN. Currency takes at most 2 decimals. */
export const readNumber = (value: string, kind: FormField["kind"] = "number") => {
  let raw = value.replace(/\s+/g, "");
  if (kind === "currency") raw = raw.replace(/^\$/, "").replace(/,/g, "");
  if (kind === "percent") raw = raw.replace(/%$/, "");
  if (!NUMBER.test(raw) || (kind === "currency" && /\.\d{3,}$/.test(raw))) return Number.NaN;
  return Number(raw);
};

function bounded(field: FormField) {
  const min = field.min ?? (field.kind === "percent" ? 0 : null);
  const max = field.max ?? (field.kind === "percent" ? 100 : null);
  return z.string().superRefine((v, ctx) => {
    const n = readNumber(v, field.kind);
    if (!Number.isFinite(n)) ctx.addIssue({ code: "custom", message: ERR.number });
    else if (min !== null && n < min) ctx.addIssue({ code: "custom", message: ERR.min });
    else if (max !== null && n > max) ctx.addIssue({ code: "custom", message: ERR.max });
  });
}

function valueSchema(field: FormField): z.ZodType<string> {
  const text = z.string().max(MAX_TEXT, ERR.tooLong);
  switch (field.kind) {
    case "email":
      return z.string().max(254, ERR.email).regex(EMAIL, ERR.email);
    case "phone":
      return z.string().refine((v) => {
        const digits = v.replace(/\D/g, "").length;
        return PHONE.test(v) && digits >= 6 && digits <= 20;
      }, ERR.phone);
    case "number":
    case "currency":
    case "percent":
      return bounded(field);
    case "date":
      return text.refine(isFormDate, ERR.date);
    case "datetime":
      return z.string().refine(isFormDateTime, ERR.datetime);
    case "time":
      return text.regex(TIME, ERR.time);
    case "select":
      return text.refine((v) => field.options.some((o) => o.value === v), ERR.option);
    case "signature":
      return z.string().max(2_000_000, ERR.tooLong).regex(SIGNATURE, ERR.signature);
    case "textarea":
      return z.string().max(MAX_TEXTAREA, ERR.tooLong);
    default:
      return text;
  }
}

function fieldSchema(field: FormField): z.ZodTypeAny {
  if (field.kind === "checkbox") {
    // Checked posts "1" (or "on"); unchecked posts nothing: stored as 1 or 0.
    const flag = z
      .preprocess(
        (v) => (v === undefined || v === null ? undefined : typeof v === "string" ? v : String(v)),
        z.string().optional(),
      )
      .transform((v) => (v ?? "").trim().toLowerCase())
      .refine((v) => CHECKED.has(v) || UNCHECKED.has(v), ERR.option)
      .transform((v) => (CHECKED.has(v) ? "1" : "0"));
    return field.required ? flag.refine((v) => v === "1", ERR.required) : flag;
  }
  const keepSpaces = field.kind === "password" || field.kind === "signature";
  // conform turns an empty input into undefined; parsed plainly, an empty string means the same.
  const value = z.preprocess((v) => {
    const s = typeof v === "number" || typeof v === "boolean" ? String(typeof v === "boolean" ? Number(v) : v) : v;
    if (typeof s !== "string") return s;
    const t = keepSpaces ? s : s.trim();
    return t === "" ? undefined : t;
  }, z.string().optional());
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
