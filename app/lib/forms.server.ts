import { randomUUID } from "node:crypto";

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";

import { cacheControl } from "~/shared/cache-control";

import { readProtectedForm } from "./csrf.server";
import type { Toast } from "./session.server";
import { safeRedirectPath } from "./url";
import type { Visitor } from "./visitor.server";

/**
 * The first lines of every action (decision 025): the posted form is read, its CSRF token checked
 * against the visitor's session (403 when wrong), and its fields parsed with the form's one zod
 * schema, the same schema conform validates with in the browser.
 */
export async function readSubmission<Schema extends z.ZodTypeAny>(
  request: Request,
  context: AppLoadContext,
  schema: Schema,
) {
  const visitor = await context.visitor();
  const formData = await readProtectedForm(request, visitor.session);
  return { visitor, submission: parseWithZod(formData, { schema }) };
}

/**
 * A submission that failed validation: conform's reply (errors per field and the visitor's input,
 * so nothing typed is lost) with status 400. The form re-renders from it with or without JavaScript.
 */
export function invalid(reply: SubmissionResult<string[]>) {
  return data(reply, { status: 400, headers: { "Cache-Control": cacheControl.private } });
}

/**
 * Success: a 303 to a same-site path with a message the next page shows (the root reads the flash),
 * so a reload never posts twice and the message also reaches a browser without JavaScript.
 */
export async function redirectWithToast(
  visitor: Visitor,
  to: string,
  toast: Omit<Toast, "id">,
  init: { headers?: HeadersInit } = {},
) {
  visitor.session.flash("toast", { ...toast, id: randomUUID() });
  const headers = new Headers(init.headers);
  // The redirect is the whole answer: it carries the session's cookie itself.
  const cookie = await visitor.sessionCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
  headers.set("Cache-Control", cacheControl.private);
  return redirect(safeRedirectPath(to), { status: 303, headers });
}
