import type { AppLoadContext } from "@remix-run/node";

import { authUser } from "~/lib/api/accounts.server";
import { isUpstreamError } from "~/lib/api/errors";
import { redirectWithToast } from "~/lib/forms.server";
import { siteOrigin } from "~/lib/origin.server";
import type { Visitor } from "~/lib/visitor.server";

import { originOf } from "./base-allowlist";
import { finishSignIn, fixedT } from "./login.server";

/**
 * What the `b` of a token login does (decision 047). The site has one upstream, so `b` cannot
 * switch it: a `b` outside the allowlist (or no `b`) is ignored and the tokens are checked with the
 * configured upstream; an allowlisted `b` that names the configured upstream is accepted; an
 * allowlisted `b` naming another host is refused, since its tokens cannot be checked here.
 */
export function judgeBase(b: string | null, allowlist: readonly string[], upstreamOrigins: readonly string[]) {
  const origin = originOf(b);
  if (!origin || !allowlist.includes(origin)) return "ignored" as const;
  return upstreamOrigins.includes(origin) ? ("accepted" as const) : ("refused" as const);
}

/** The origins the configured upstream answers at: its public and base URLs; embedded, the site's own. */
export function upstreamOrigins(request: Request, context: AppLoadContext) {
  const origins = [originOf(context.upstream.publicUrl), originOf(context.upstream.baseUrl)];
  if (!context.upstream.publicUrl) origins.push(siteOrigin(request, context));
  return origins.filter((v): v is string => v !== null);
}

/**
 * Token login (spec section 4): `/login?a={access}&r={refresh}&b={base}`. The access token is
 * checked with authUser before anything is stored; then a 303 leaves the tokens out of the
 * address (and so out of the history) and goes where the visitor meant to go. A token that does
 * not check out goes back to /login with a message.
 */
export async function tokenLogin(request: Request, context: AppLoadContext, visitor: Visitor, url: URL) {
  const access = url.searchParams.get("a") ?? "";
  const refresh = url.searchParams.get("r") ?? "";
  const t = await fixedT(visitor);
  const failed = () => redirectWithToast(visitor, "/login", { kind: "error", message: t("login.errors.tokenLogin") });
  const base = judgeBase(
    url.searchParams.get("b"),
    context.tokenLoginBaseUrls ?? [],
    upstreamOrigins(request, context),
  );
  if (base === "refused" || access.length > 4096 || refresh.length > 1024) return failed();
  try {
    const user = await authUser(visitor.transportWith(access));
    return await finishSignIn(visitor, { answer: { access_token: access, refresh_token: refresh }, user }, t);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isUpstreamError(error)) throw error;
    return failed();
  }
}
