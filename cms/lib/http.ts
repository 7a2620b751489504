/** Request helpers shared by every area's routes: parsing input with zod, JSON 404s, bad-input errors. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";

import type { Paging } from "./paginate";
import { idFromText } from "./params";

function parseWith<T extends z.ZodTypeAny>(schema: T, input: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HTTPException(400, { message: `${issue.path.join(".") || what}: ${issue.message}` });
  }
  return parsed.data;
}

/** Parses a request's query string with a zod schema; a bad value answers 400 naming the field. */
export function parseQuery<T extends z.ZodTypeAny>(c: Context, schema: T): z.infer<T> {
  return parseWith(schema, c.req.query(), "query");
}

/** Parses a JSON body with a zod schema; a body that is not JSON, or a bad value, answers 400. */
export async function parseJsonBody<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HTTPException(400, { message: "body: must be a JSON object" });
  }
  return parseWith(schema, body, "body");
}

/**
 * The generic-record style: a GET reads its parameters from the query string, a POST from the
 * query string and a JSON object body (the body wins). An empty POST body is no parameters; a
 * body that is not a JSON object is a 400.
 */
export async function parseRequest<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T>> {
  if (c.req.method !== "POST") return parseQuery(c, schema);
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new HTTPException(400, { message: "body: must be a JSON object" });
    }
  }
  return parseWith(schema, { ...c.req.query(), ...(body as Record<string, unknown>) }, "body");
}

export function notFound(message = "Not found"): never {
  throw new HTTPException(404, { message });
}

/** The value, or a JSON 404 with `message` when it is null or undefined. */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) notFound(message);
  return value;
}

/** A list's answer, `{ data, num_items, num_pages, page }`; a list of an unknown group (null) is a 404. */
export function listAnswer<T>(list: { data: T[]; paging: Paging } | null) {
  const { data, paging } = found(list, "Group not found");
  return { data, ...paging };
}

/** The numeric id in the path's `:id`, or a JSON 404 naming `what` when it cannot be one. */
export function pathId(c: Context, what: string): number {
  return found(idFromText(c.req.param("id") ?? ""), `${what} not found`);
}

/** PostgreSQL errors caused by what a request sent (bad encoding, bad text, too long): a 400, not a 500. */
export function isBadInputError(error: unknown) {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = err?.code ?? err?.cause?.code;
  return typeof code === "string" && ["22021", "22P02", "22001", "22003", "22007", "22008"].includes(code);
}
