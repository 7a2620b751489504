/** Reading the admin API's JSON bodies: zod failures answer 400 with `errors` keyed by the body's fields. */
import type { Context } from "hono";
import type { z } from "zod";

import { fieldErrors, validationError } from "../accounts/errors";

/** A zod error's messages by body field; a field the schema does not know is named itself. */
export function bodyErrors(error: z.ZodError): Record<string, string[]> {
  const out = fieldErrors({ issues: error.issues.filter((i) => i.code !== "unrecognized_keys") });
  for (const issue of error.issues) {
    if (issue.code !== "unrecognized_keys") continue;
    for (const key of issue.keys) (out[issue.path.length ? String(issue.path[0]) : key] ??= []).push("is not a field");
  }
  return out;
}

/** The request's JSON object body (an empty body is `{}`), or a 400 naming `body`. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError({ body: ["must be a JSON object"] });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw validationError({ body: ["must be a JSON object"] });
  }
  return body as Record<string, unknown>;
}

/** Parses `input` with `schema`; a failure is a 400 `{ errors: { field: [message] } }`. */
export function parseWith<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(bodyErrors(parsed.error));
  return parsed.data;
}

/** The JSON body parsed with `schema`. */
export async function readBody<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseWith(schema, await readJsonObject(c));
}
