import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { cacheControl } from "~/shared/cache-control";

import type { Member } from "./session.server";
import { safeRedirectPath } from "./url";

/** The role that opens the back-office. */
export const ADMIN_ROLE = "admin";

/** `/login?redirectTo=…`: back to this request's path and query after signing in, never off-site. */
export function loginPath(request: Request) {
  const { pathname, search } = new URL(request.url);
  return `/login?${new URLSearchParams({ redirectTo: safeRedirectPath(`${pathname}${search}`) })}`;
}

/**
 * The signed-in member, as the upstream knows them now (authUser, once per request: a session
 * signed out elsewhere is cleared and sent to `/`); an anonymous visitor is redirected to the login
 * page with the path to come back to (thrown).
 */
export async function requireMember(request: Request, context: AppLoadContext): Promise<Member> {
  const member = await (await context.visitor()).currentMember();
  if (!member) throw redirect(loginPath(request), { headers: { "Cache-Control": cacheControl.private } });
  return member;
}

/** A signed-in admin; anonymous visitors are redirected to log in, other members get a 403 (thrown). */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<Member> {
  const member = await requireMember(request, context);
  if (!member.roles.includes(ADMIN_ROLE)) {
    throw new Response("Forbidden", { status: 403, headers: { "Cache-Control": cacheControl.private } });
  }
  return member;
}
