import { z } from "zod";

import { dateRefusal } from "@contract/bookings";
import {
  answerFields,
  CHECKED,
  type FormField,
  isEmail,
  isPhone,
  isSignature,
  MAX_SIGNATURE,
  MAX_TEXT,
  MAX_TEXTAREA,
  numberBounds,
  parseDate,
  parseDateTime,
  parseTime,
  readNumber,
  UNCHECKED,
} from "@contract/form-fields";

import { ERR } from "./messages";

/**
 * One zod schema per form, built from its definition: conform reads the browser's input with it
 * and the action (`/forms/{id}`) validates the post with it again. Messages are translation keys
 * (`forms.errors.*`). Values stay strings, as the CMS takes them (decision 051). The rules are the
 * contract's (`@contract/form-fields`), which the CMS checks a submission by too.
 */

export { ERR };

/** True for YYYY-MM-DD (a native date input) or DD/MM/YYYY (the mask), naming a real day. */
export const isFormDate = (value: string) => parseDate(value) !== null;

/** A date and a time, `T` or a space between: the date as isFormDate takes it, the time HH:MM(:SS). */
export const isFormDateTime = (value: string) => parseDateTime(value) !== null;

function bounded(field: FormField) {
  const { min, max } = numberBounds(field);
  return z.string().superRefine((v, ctx) => {
    const n = readNumber(v, field.kind);
    if (!Number.isFinite(n)) ctx.addIssue({ code: "custom", message: ERR.number });
    else if (field.whole && !Number.isInteger(n)) ctx.addIssue({ code: "custom", message: ERR.whole });
    else if (min !== null && n < min) ctx.addIssue({ code: "custom", message: ERR.min });
    else if (max !== null && n > max) ctx.addIssue({ code: "custom", message: ERR.max });
  });
}

/** A date a booking may take: a real day and, when the site's `today` is known, one the field offers. */
function bookable(field: FormField, today: string | undefined) {
  return z.string().superRefine((v, ctx) => {
    const day = parseDate(v);
    if (!day) return void ctx.addIssue({ code: "custom", message: ERR.date });
    const refused = field.dates && today ? dateRefusal(field.dates, day, today) : null;
    if (refused) ctx.addIssue({ code: "custom", message: refused === "past" ? ERR.datePast : ERR.dateUnavailable });
  });
}

function valueSchema(field: FormField, today: string | undefined): z.ZodType<string> {
  const text = z.string().max(MAX_TEXT, ERR.tooLong);
  switch (field.kind) {
    case "email":
      return z.string().refine(isEmail, ERR.email);
    case "phone":
      return z.string().refine(isPhone, ERR.phone);
    case "number":
    case "currency":
    case "percent":
      return bounded(field);
    case "date":
      return text.pipe(bookable(field, today));
    case "datetime":
      return z.string().refine(isFormDateTime, ERR.datetime);
    case "time":
      return text.refine((v) => parseTime(v) !== null, ERR.time);
    case "select":
      return text.refine((v) => field.options.some((o) => o.value === v), ERR.option);
    case "signature":
      return z.string().max(MAX_SIGNATURE, ERR.tooLong).refine(isSignature, ERR.signature);
    case "textarea":
      return z.string().max(MAX_TEXTAREA, ERR.tooLong);
    default:
      return text;
  }
}

function fieldSchema(field: FormField, today: string | undefined): z.ZodTypeAny {
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
  const checked = valueSchema(field, today);
  if (field.required) {
    return value.pipe(z.string({ required_error: ERR.required, invalid_type_error: ERR.required }).pipe(checked));
  }
  return value.pipe(checked.optional());
}

/**
 * The schema of a form's answers: one key per field that takes one. With `today` (YYYY-MM-DD on
 * the site's clock: the action passes it), a date field's rule refuses the days it does not offer.
 */
export function buildFormSchema(fields: readonly FormField[], today?: string) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of answerFields(fields)) shape[field.name] = fieldSchema(field, today);
  return z.object(shape);
}
