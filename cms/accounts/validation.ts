/** Parsing account requests with zod: a bad value answers 400 with `errors: { field: [message] }`. */
import type { Context } from "hono";
import { z } from "zod";

import { fieldErrors, validationError } from "./errors";

/** Text a member may write: bounded, no control characters, trimmed. */
export const memberText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[\x20-\x7e\u0080-\u{10ffff}]*$/u, "must not contain control characters");

/** An ISO date (YYYY-MM-DD) that exists on the calendar. */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "must be a real date");

/** An e-mail address as a sign-in name. */
export const emailField = z.string().trim().toLowerCase().max(254).email("must be an e-mail address");

/** A phone number: digits, spaces and + ( ) . - only. */
export const phoneField = memberText(40).regex(/^[0-9+() .-]*$/, "must be a phone number");

/** Parses `input` with `schema`, or throws the 400. */
export function parseOr400<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * The body of a POST: a JSON object, or a form (urlencoded or multipart, text fields only). The
 * query string is not read: a password or code in a URL ends up in logs. Not an object: 400.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    const form = await c.req.parseBody();
    const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string"));
    return fields;
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw validationError({ body: ["must be a JSON object"] });
  }
  return body as Record<string, unknown>;
}

/** The body of a POST parsed with `schema` (see readBody). */
export async function parseBody<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseOr400(schema, await readBody(c));
}

/** The query string parsed with `schema`. */
export function parseQueryOr400<T extends z.ZodTypeAny>(c: Context, schema: T): z.infer<T> {
  return parseOr400(schema, c.req.query());
}
