import { randomBytes, timingSafeEqual } from "node:crypto";

import type { AppSession } from "./session.server";

export const CSRF_FIELD = "csrf";

/** The session's CSRF token, creating one when missing (the caller commits the session). */
export function ensureCsrfToken(session: AppSession) {
  let token = session.get("csrf");
  if (!token) {
    token = randomBytes(24).toString("base64url");
    session.set("csrf", token);
  }
  return token;
}

/**
 * Every state-changing action calls this: the form's token must equal the session's. A
 * missing or wrong token is a 403 (server.ts also refuses cross-site origins outright).
 */
export function assertCsrf(formData: FormData, session: AppSession) {
  const sent = formData.get(CSRF_FIELD);
  const expected = session.get("csrf");
  const ok =
    typeof sent === "string" &&
    typeof expected === "string" &&
    sent.length === expected.length &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (!ok) throw new Response("Your session has expired. Please reload the page and try again.", { status: 403 });
}

/** Reads a posted form and checks its CSRF token: a body that is not a form is a 400, a bad token a 403. */
export async function readProtectedForm(request: Request, session: AppSession) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("The request could not be read as a form.", { status: 400 });
  }
  assertCsrf(formData, session);
  return formData;
}
