import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";

import { loginRecoveryCode, sendLoginLink } from "~/lib/api/accounts.server";
import { isUpstreamError, type UpstreamError } from "~/lib/api/errors";
import { getSettings } from "~/lib/api/site.server";
import { readProtectedForm } from "~/lib/csrf.server";
import { redirectWithToast } from "~/lib/forms.server";
import { getI18n } from "~/lib/i18n.server";
import { anonymousCartKey, mergeCartAtSignIn } from "~/lib/shop/merge.server";
import type { Visitor } from "~/lib/visitor.server";
import { cacheControl } from "~/shared/cache-control";

import { authenticatorFor, type SignedIn, upstreamCause, userOf } from "./authenticator.server";
import { codeSchema, linkSchema, type LoginIntent, passwordSchema } from "./login-schemas";
import { ensureFingerprint, signIn } from "./session-auth.server";

/** What the login action answers when it does not redirect: which form, and conform's reply for it. */
export interface LoginReply {
  intent: LoginIntent;
  reply: SubmissionResult<string[]>;
  /** A link or code was asked for: the page says so and offers the code form for that address. */
  sent?: { email: string; codeOnly: boolean };
}

export async function fixedT(visitor: Visitor) {
  const { locale } = visitor.preferences;
  return (await getI18n(locale)).getFixedT(locale);
}

/** Whether the site sends codes instead of links (the `login_code_only` setting). */
export async function codeOnly(visitor: Visitor) {
  const settings = await getSettings(visitor.transport);
  return (settings as { login_code_only?: unknown }).login_code_only === true;
}

/**
 * Signed in: the session gets the tokens (new id and CSRF token), the visitor's cart merges into the
 * member's, and the member goes where they meant to.
 */
export async function finishSignIn(visitor: Visitor, { answer, user }: SignedIn, t: TFunction) {
  const anonymousCart = anonymousCartKey(visitor);
  const to = signIn(visitor.session, answer, user);
  // The visitor's cart comes along into the account (never blocking the sign-in).
  await mergeCartAtSignIn(visitor, anonymousCart, answer.access_token);
  const name = user.first_name?.trim() || user.email;
  return redirectWithToast(visitor, to, { kind: "success", message: t("login.welcome", { name }) });
}

function answer(reply: LoginReply, status: number, headers: HeadersInit = {}) {
  return data(reply, { status, headers: { "Cache-Control": cacheControl.private, ...headers } });
}

/** An upstream refusal as the form shows it: a translated message and the status to answer with. */
function refusal(
  error: UpstreamError | null,
  t: TFunction,
): { message: string; status: number; headers: Record<string, string> } {
  if (error?.status === 429 || error?.code === "RATE_LIMITED") {
    const seconds = Math.max(1, Math.ceil(error.retryAfter ?? 60));
    return {
      message: t("login.errors.rateLimited", { minutes: Math.ceil(seconds / 60) }),
      status: 429,
      headers: { "Retry-After": String(seconds) },
    };
  }
  const byCode: Record<string, string> = {
    INVALID_CREDENTIALS: "login.errors.invalidCredentials",
    CODE_INVALID: "login.errors.codeInvalid",
    CODE_USED: "login.errors.codeUsed",
    CODE_EXPIRED: "login.errors.codeExpired",
  };
  if (error && !error.unavailable && error.code && byCode[error.code]) {
    return { message: t(byCode[error.code]), status: error.status === 401 ? 401 : 400, headers: {} };
  }
  if (error && !error.unavailable && error.status === 401) {
    return { message: t("login.errors.invalidCredentials"), status: 401, headers: {} };
  }
  return { message: t("login.errors.unavailable"), status: 503, headers: {} };
}

/**
 * The /login action: three forms post here, told apart by `intent` (password, link, code). Each
 * is checked against its own schema; a refusal re-renders the form with what was typed (never
 * the password) and a translated message.
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  const visitor = await context.visitor();
  const formData = await readProtectedForm(request, visitor.session);
  const t = await fixedT(visitor);
  const intent = formData.get("intent");

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordSchema });
    if (submission.status !== "success") {
      return answer({ intent, reply: submission.reply({ hideFields: ["password"] }) }, 400);
    }
    try {
      // remix-auth's form strategy; the form was read (and its token checked) already.
      const bodiless = new Request(request.url, { method: "POST", headers: request.headers });
      const signedIn = await authenticatorFor(request, context, visitor).authenticate("password", bodiless, {
        context: { ...context, formData },
      });
      return finishSignIn(visitor, signedIn, t);
    } catch (error) {
      if (error instanceof Response) throw error;
      const { message, status, headers } = refusal(upstreamCause(error), t);
      return answer(
        { intent, reply: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
        status,
        headers,
      );
    }
  }

  if (intent === "link") {
    const submission = parseWithZod(formData, { schema: linkSchema });
    if (submission.status !== "success") return answer({ intent, reply: submission.reply() }, 400);
    const only = await codeOnly(visitor);
    try {
      await sendLoginLink(visitor.anonymousTransport, {
        email: submission.value.email,
        fingerprint: ensureFingerprint(visitor.session),
        code_only: only,
        language: visitor.preferences.locale,
        redirect_to: visitor.session.get("redirectTo"),
      });
    } catch (error) {
      if (error instanceof Response) throw error;
      const { message, status, headers } = refusal(isUpstreamError(error) ? error : null, t);
      return answer({ intent, reply: submission.reply({ formErrors: [message] }) }, status, headers);
    }
    return answer({ intent, reply: submission.reply(), sent: { email: submission.value.email, codeOnly: only } }, 200);
  }

  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return answer({ intent: "code", reply: submission.reply() }, 400);
  try {
    const tokens = await loginRecoveryCode(visitor.anonymousTransport, {
      email: submission.value.email,
      code: submission.value.code,
      fingerprint: ensureFingerprint(visitor.session),
    });
    return finishSignIn(visitor, await userOf(visitor, tokens), t);
  } catch (error) {
    if (error instanceof Response) throw error;
    const { message, status, headers } = refusal(isUpstreamError(error) ? error : null, t);
    return answer({ intent: "code", reply: submission.reply({ formErrors: [message] }) }, status, headers);
  }
}

/** A redirect answering a GET that changed the session: it carries the cookie itself. */
export async function redirectWithSession(visitor: Visitor, to: string, status = 303) {
  const headers = new Headers({ "Cache-Control": cacheControl.private });
  const cookie = await visitor.sessionCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(to, { status, headers });
}
