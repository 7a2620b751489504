import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";

import type { FormField } from "@contract/form-fields";
import { answerFields, formFields } from "@contract/form-fields";
import type { CaptchaAnswer, Form } from "@contract/forms";
import { isUpstreamError } from "~/lib/api/errors";
import { getForm, submitForm } from "~/lib/api/forms.server";
import { getSiteToday } from "~/lib/api/site.server";
import { readProtectedForm } from "~/lib/csrf.server";
import { readSubmission, redirectWithToast } from "~/lib/forms.server";
import { gatewayAddress } from "~/lib/gateway.server";
import { translatorFor } from "~/lib/member-forms.server";
import { siteOrigin } from "~/lib/origin.server";
import { safeRedirectPath } from "~/lib/url";
import type { Visitor } from "~/lib/visitor.server";
import { buildFormSchema } from "~/page-builder/widgets/form/schema";
import { META } from "~/page-builder/widgets/form/view";
import { cacheControl } from "~/shared/cache-control";

/**
 * POST /forms/{id}: every core/form posts here (decision 056), with or without JavaScript. The
 * answers are validated with the schema built from the form's definition, then sent to the CMS
 * (decision 051) as the visitor: 303 back to the page with the thank-you text, or on to the
 * payment gateway; a refusal goes back to the page with the errors and the input (flashed), or,
 * asked for JSON, is a 400 with conform's reply.
 */

const meta = {
  [META.idempotencyKey]: z.string().min(8).max(100),
  [META.redirectTo]: z.string().max(2000).optional(),
  [META.challenge]: z.string().max(2000).optional(),
  [META.solution]: z.string().max(200).optional(),
  [META.nojs]: z.string().max(5).optional(),
  [META.honeypot]: z.string().max(500).optional(),
};

/** The schema of a post to this form: its answers, and the hidden fields beside them. */
export const submissionSchema = (fields: readonly FormField[], today?: string) =>
  buildFormSchema(fields, today).extend(meta);

const wantsJson = (request: Request) => (request.headers.get("Accept") ?? "").includes("application/json");

/** What of a reply survives the trip through the session's cookie: no token, no password, no picture. */
function flashable(reply: SubmissionResult<string[]>, fields: readonly FormField[]): SubmissionResult<string[]> {
  const dropped = new Set(fields.filter((f) => f.kind === "password" || f.kind === "signature").map((f) => f.name));
  const initial: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.initialValue ?? {})) {
    if (name === "csrf" || dropped.has(name) || Object.hasOwn(meta, name) || typeof value !== "string") continue;
    initial[name] = value.slice(0, 1000);
  }
  return { status: reply.status, initialValue: initial, error: reply.error };
}

interface Ctx {
  request: Request;
  context: AppLoadContext;
  visitor: Visitor;
  formId: number;
  fields: readonly FormField[];
  back: string;
}

/** Back to the page with the reply: the form shows the errors and the input again. */
async function refuse(ctx: Ctx, reply: SubmissionResult<string[]>, status = 400) {
  if (wantsJson(ctx.request)) return data(reply, { status, headers: { "Cache-Control": cacheControl.private } });
  ctx.visitor.session.flash("formReply", { form: ctx.formId, reply: flashable(reply, ctx.fields) });
  const headers = new Headers({ "Cache-Control": cacheControl.private });
  const cookie = await ctx.visitor.sessionCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(ctx.back, { status: 303, headers });
}

function captchaOf(value: Record<string, unknown>): CaptchaAnswer | undefined {
  const challenge = value[META.challenge];
  if (typeof challenge !== "string" || !challenge) return undefined;
  const solution = value[META.solution];
  if (typeof solution === "string" && solution) return { challenge, solution };
  return { challenge, nojs: true };
}

async function send(ctx: Ctx, form: Form, submission: Submission<Record<string, unknown>>, t: TFunction) {
  if (submission.status !== "success") return refuse(ctx, submission.reply());
  const value = submission.value;
  const honeypot = value[META.honeypot];
  if (typeof honeypot === "string" && honeypot.trim()) {
    return refuse(ctx, submission.reply({ formErrors: [t("forms.errors.captcha")] }));
  }
  const answers: Record<string, string> = {};
  for (const f of answerFields(ctx.fields)) {
    const v = value[f.name];
    if (typeof v === "string") answers[f.name] = v;
  }
  // The CMS checks the honeypot too (without JavaScript), in the answers.
  if (typeof honeypot === "string" && value[META.challenge]) answers[META.honeypot] = honeypot;
  const pagePath = ctx.back.split("?")[0] ?? "/";
  try {
    const answer = await submitForm(ctx.visitor.transport, form.id, {
      data: answers,
      url: `${siteOrigin(ctx.request, ctx.context)}${pagePath}`,
      idempotency_key: String(value[META.idempotencyKey]),
      captcha: captchaOf(value),
      language: ctx.visitor.preferences.locale,
    });
    if (answer.payment) {
      const to = gatewayAddress(answer.payment, ctx.request, ctx.context);
      if (!to) {
        console.warn(`[site] form ${form.id}: a payment address off the gateway was refused`);
        return refuse(ctx, submission.reply({ formErrors: [t("forms.errors.unavailable")] }), 502);
      }
      const headers = new Headers({ "Cache-Control": cacheControl.private });
      const cookie = await ctx.visitor.sessionCookie();
      if (cookie) headers.append("Set-Cookie", cookie);
      return redirect(to, { status: 303, headers });
    }
    if (!answer.success)
      return refuse(ctx, submission.reply({ formErrors: [answer.message || t("forms.errors.refused")] }));
    const message = (answer.message || form.thank_you || t("forms.thanks")).replace(/<[^>]*>/g, " ").trim();
    return redirectWithToast(ctx.visitor, ctx.back, {
      kind: "success",
      message: message.slice(0, 500) || t("forms.thanks"),
    });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.status === 401 && error.code === "LOGIN_REQUIRED") {
      return redirect(`/login?${new URLSearchParams({ redirectTo: ctx.back })}`, {
        status: 303,
        headers: { "Cache-Control": cacheControl.private },
      });
    }
    if (error.status === 400 || error.status === 422) {
      const names = new Set(ctx.fields.map((f) => f.name));
      const fieldErrors: Record<string, string[]> = {};
      const formErrors: string[] = [];
      for (const [field, messages] of Object.entries(error.errors ?? {})) {
        const key = field.replace(/^data\./, "");
        if (names.has(key)) fieldErrors[key] = messages;
        else formErrors.push(...messages);
      }
      if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(error.message);
      return refuse(ctx, submission.reply({ fieldErrors, formErrors }));
    }
    if (error.status === 429)
      return refuse(ctx, submission.reply({ formErrors: [t("forms.errors.rateLimited")] }), 429);
    console.warn(`[site] form ${form.id}: the CMS answered ${error.status}: ${error.message}`);
    return refuse(ctx, submission.reply({ formErrors: [t("forms.errors.unavailable")] }), 503);
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const visitor = await context.visitor();
  const t = await translatorFor(visitor);
  let form: Form;
  try {
    form = await getForm(visitor.transport, { id });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // Without the definition nothing can be checked: back to the page with a message.
    const posted = await readProtectedForm(request, visitor.session);
    const back = safeRedirectPath(posted.get(META.redirectTo));
    if (!error.unavailable) throw new Response("Not Found", { status: 404 });
    return redirectWithToast(visitor, back, { kind: "error", message: t("forms.errors.unavailable") });
  }
  const fields = formFields(form);
  // A booking's date is judged on the site's clock, as the CMS judges it.
  const today = fields.some((f) => f.dates) ? await getSiteToday(visitor.transport).catch(() => undefined) : undefined;
  const { submission } = await readSubmission(request, context, submissionSchema(fields, today));
  const back = safeRedirectPath(submission.payload[META.redirectTo]);
  const ctx: Ctx = { request, context, visitor, formId: form.id, fields, back };
  if (form.must_be_logged_on && !visitor.signedIn) {
    return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { status: 303 });
  }
  return send(ctx, form, submission as Submission<Record<string, unknown>>, t);
}

export async function loader() {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
