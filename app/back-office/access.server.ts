import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { loginPath, requireAdmin } from "~/lib/auth.server";
import { signOut } from "~/lib/auth/session-auth.server";
import { siteOrigin } from "~/lib/origin.server";
import { cacheControl } from "~/shared/cache-control";

/** An admin who has done nothing in the back-office for this long is signed out. */
export const ADMIN_IDLE_MS = 30 * 60 * 1000;

/**
 * Every back-office loader and action starts here (loaders run in parallel, so each checks for
 * itself). With an external CMS on another host, its back-office answers instead (a redirect).
 * A visitor goes to sign in; a member gets a 403; an admin idle for longer than ADMIN_IDLE_MS is
 * signed out and sent to sign in again. Answers the admin and their visitor.
 */
export async function requireBackOffice(request: Request, context: AppLoadContext, now = Date.now()) {
  const apiOrigin = context.upstream.publicUrl.replace(/\/+$/, "");
  if (apiOrigin && apiOrigin !== siteOrigin(request, context)) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`${apiOrigin}${pathname}${search}`);
  }
  const visitor = await context.visitor();
  const seen = visitor.session.get("adminSeenAt");
  if (visitor.signedIn && typeof seen === "number" && now - seen > ADMIN_IDLE_MS) {
    signOut(visitor.session);
    const headers = new Headers({ "Cache-Control": cacheControl.private });
    const cookie = await visitor.sessionCookie();
    if (cookie) headers.append("Set-Cookie", cookie);
    throw redirect(loginPath(request), { headers });
  }
  const admin = await requireAdmin(request, context);
  visitor.session.set("adminSeenAt", now);
  return { admin, visitor };
}
