/**
 * A submission checked against its form's fields (decision 054): required answers, types, min and
 * max, options; values normalised as stored (dates as YYYY-MM-DD, a checkbox as 1 or 0). The
 * fields and the rules are the contract's (`cms/contract/form-fields.ts`), which the site's form
 * schema uses too; both pass the cases of `cms/contract/form-validation-cases.json`. The messages
 * are short English; the site shows its own translated ones.
 */
import { dateRefusal } from "../contract/bookings";
import {
  CHECKED,
  DISPLAY_KINDS,
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
} from "../contract/form-fields";

export type SubmissionResult =
  { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, string[]> };

function checkNumber(field: FormField, text: string, errors: string[]): string {
  const n = readNumber(text, field.kind);
  if (Number.isNaN(n)) {
    errors.push(field.kind === "currency" ? "must be an amount" : "must be a number");
    return text;
  }
  const { min, max } = numberBounds(field);
  if (field.whole && !Number.isInteger(n)) errors.push("must be a whole number");
  if (min !== null && n < min) errors.push(`must be at least ${min}`);
  if (max !== null && n > max) errors.push(`must be at most ${max}`);
  return field.kind === "currency" ? n.toFixed(2) : String(n);
}

/** The words of a date a booking may not take (`dateRefusal`). */
const DATE_REFUSED = { past: "must not be in the past", other: "is not an available day" } as const;

/** One answer checked: the stored value, and the errors (none: valid). */
function checkField(field: FormField, input: unknown, today?: string): { value: string; errors: string[] } {
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
  if (field.kind === "checkbox") {
    const text = String(input ?? "")
      .trim()
      .toLowerCase();
    if (CHECKED.has(text)) return { value: "1", errors };
    if (!UNCHECKED.has(text)) return { value: "0", errors: ["is not valid"] };
    return { value: "0", errors: field.required ? ["is required"] : [] };
  }
  const raw = typeof input === "boolean" ? (input ? "1" : "0") : String(input ?? "");
  const text = field.kind === "password" || field.kind === "signature" ? raw : raw.trim();
  if (text === "") return { value: "", errors: field.required ? ["is required"] : [] };
  switch (field.kind) {
    case "text":
    case "password":
      if (text.length > MAX_TEXT) errors.push(`must be at most ${MAX_TEXT} characters`);
      return { value: text, errors };
    case "textarea":
      if (text.length > MAX_TEXTAREA) errors.push(`must be at most ${MAX_TEXTAREA} characters`);
      return { value: text, errors };
    case "email":
      if (!isEmail(text)) errors.push("must be an e-mail address");
      return { value: text, errors };
    case "phone":
      if (!isPhone(text)) errors.push("must be a phone number");
      return { value: text, errors };
    case "number":
    case "currency":
    case "percent":
      return { value: checkNumber(field, text, errors), errors };
    case "date": {
      const date = parseDate(text);
      if (!date) errors.push("must be a date");
      else if (field.dates && today) {
        const refused = dateRefusal(field.dates, date, today);
        if (refused) errors.push(refused === "past" ? DATE_REFUSED.past : DATE_REFUSED.other);
      }
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
      if (!field.options.some((o) => o.value === text)) errors.push("must be one of the choices");
      return { value: text, errors };
    case "signature":
      if (text.length > MAX_SIGNATURE) errors.push("is too large");
      else if (!isSignature(text)) errors.push("must be a signature image");
      return { value: text, errors };
    default:
      return { value: text, errors };
  }
}

/**
 * A submission's `data` checked against the fields: the stored values (trimmed, dates as
 * `YYYY-MM-DD`, checkboxes `1`/`0`, amounts with 2 decimals), or the errors by field name. With
 * `today` (YYYY-MM-DD on the site's clock), a date field's rule refuses days it does not offer.
 * Content and buttons take no answer; keys that name no field are ignored.
 */
export function validateSubmission(
  fields: FormField[],
  data: unknown,
  options: { today?: string } = {},
): SubmissionResult {
  const input = data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const values: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    if (DISPLAY_KINDS.has(field.kind)) continue;
    const own = Object.prototype.hasOwnProperty.call(input, field.name) ? input[field.name] : undefined;
    const checked = checkField(field, own, options.today);
    if (checked.errors.length) errors[field.name] = checked.errors;
    else values[field.name] = checked.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}
