/**
 * A submission checked against its form's fields (decision 054): required answers, types, min and
 * max, options; values normalised as stored (dates as YYYY-MM-DD, a checkbox as 1 or 0). Pure
 * code, checked with the site's schema against the cases of `validation-cases.json`.
 */
import { DISPLAY_TYPES, type FormField, MAX_SIGNATURE, MAX_TEXT, MAX_TEXTAREA } from "./definition";

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
