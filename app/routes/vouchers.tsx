/**
 * POST /vouchers (decisions 025, 051 and 058): the gift voucher widget's two forms, `intent=buy`
 * and `intent=redeem`. A resource route: the widget lives on a CMS page, so a refused post goes
 * back to that page (303) with its input and errors in the session's flash, which the widget's
 * load reads once; with or without JavaScript the visitor sees the same thing. Buying goes on to
 * the payment gateway (only the CMS's own `/pay/` pages); redeeming goes to /profile with a toast.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { formatMoney } from "@contract/formats";
import { base64Address } from "@contract/payments";
import { isUpstreamError } from "~/lib/api/errors";
import { getPage } from "~/lib/api/pages.server";
import { payNow, redeemVoucher } from "~/lib/api/vouchers.server";
import { readSubmission, redirectWithToast } from "~/lib/forms.server";
import { gatewayAddress } from "~/lib/gateway.server";
import { translatorFor } from "~/lib/member-forms.server";
import { siteOrigin } from "~/lib/origin.server";
import { safeRedirectPath } from "~/lib/url";
import type { Visitor } from "~/lib/visitor.server";
import { pageWidgets } from "~/page-builder/loaders.server";
import {
  chosenAmount,
  MAX_VOUCHER_DOLLARS,
  parseAmounts,
  voucherSchema,
} from "~/page-builder/widgets/gift-voucher-purchase/schema";
import { cacheControl } from "~/shared/cache-control";

/** Nothing to show: the forms live on CMS pages. */
export function loader() {
  return redirect("/", 303);
}

/** What of the input is given back to the form (never the CSRF token). */
const KEPT = ["theme_id", "amount", "custom_amount", "email", "recipient_name", "message", "code"];

/** The widget's amounts and whether others are allowed, read from the page it is on (null when not found). */
async function widgetSettings(visitor: Visitor, page: string, widgetId: string) {
  try {
    const found = await getPage(visitor.transport, page.replace(/^\/+/, "") || "home");
    const widget = found && pageWidgets(found, Date.now()).find((w) => String(w.id) === widgetId);
    if (!widget || widget.type !== "core/gift_voucher_purchase") return null;
    const fields = (widget.fields ?? {}) as Record<string, unknown>;
    const allow = fields.allow_custom_amounts;
    return {
      amounts: parseAmounts(
        typeof fields.amounts === "string" || typeof fields.amounts === "number" ? String(fields.amounts) : "",
      ),
      custom: !(allow === false || allow === 0 || allow === "0" || allow === "false"),
    };
  } catch {
    return null;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { visitor, submission } = await readSubmission(request, context, voucherSchema);
  const payload = submission.payload as Record<string, unknown>;
  const intent = payload.intent === "redeem" ? "redeem" : "buy";
  const widget = typeof payload.widget === "string" ? payload.widget.slice(0, 200) : "";
  const page = safeRedirectPath(typeof payload.page === "string" ? payload.page.split("?")[0] : "/");
  const pageWithMode = intent === "redeem" ? `${page}?voucher=redeem` : page;

  /** Back to the page, the input kept and the errors shown (303: a reload never posts again). */
  const back = async (errors: Record<string, string[] | null | undefined>) => {
    const values: Record<string, string> = {};
    for (const key of KEPT) if (typeof payload[key] === "string") values[key] = (payload[key] as string).slice(0, 600);
    const kept = Object.fromEntries(Object.entries(errors).filter(([, v]) => v?.length)) as Record<string, string[]>;
    visitor.session.flash("voucher", { intent, widget, values, errors: kept });
    const headers = new Headers({ "Cache-Control": cacheControl.private });
    const cookie = await visitor.sessionCookie();
    if (cookie) headers.append("Set-Cookie", cookie);
    return redirect(`${pageWithMode}#voucher-${encodeURIComponent(widget)}`, { status: 303, headers });
  };

  if (intent === "redeem" && !visitor.signedIn) {
    return redirect(`/login?redirectTo=${encodeURIComponent(pageWithMode)}`, {
      status: 303,
      headers: { "Cache-Control": cacheControl.private },
    });
  }
  if (submission.status !== "success") return back(submission.error ?? {});
  const input = submission.value;

  if (input.intent === "redeem") {
    try {
      const answer = await redeemVoucher(visitor.transport, input.code);
      const t = await translatorFor(visitor);
      const amount = formatMoney(answer.amount ?? 0);
      return redirectWithToast(visitor, "/profile", { kind: "success", message: t("voucher.redeemed", { amount }) });
    } catch (error) {
      if (isUpstreamError(error) && error.status < 500 && error.status !== 401) return back({ "": [error.message] });
      throw error;
    }
  }

  const amount = chosenAmount(input);
  if (amount === null || amount <= 0) return back({ amount: ["voucher.errors.amount"] });
  if (amount > MAX_VOUCHER_DOLLARS) return back({ amount: ["voucher.errors.amountMax"] });
  const settings = await widgetSettings(visitor, page, input.widget);
  if (settings && !settings.custom && !settings.amounts.includes(amount)) {
    return back({ amount: ["voucher.errors.amountNotOffered"] });
  }
  try {
    const answer = await payNow(visitor.transport, {
      theme_id: input.theme_id,
      amount,
      email: input.email,
      ...(input.recipient_name ? { recipient_name: input.recipient_name } : {}),
      ...(input.message ? { message: input.message } : {}),
      url: base64Address(`${siteOrigin(request, context)}${page}`),
    });
    const to = answer.success ? gatewayAddress(answer.payment, request, context) : null;
    if (!to) return back({ "": [answer.message && !answer.success ? answer.message : "voucher.errors.failed"] });
    const headers = new Headers({ "Cache-Control": cacheControl.private });
    const cookie = await visitor.sessionCookie();
    if (cookie) headers.append("Set-Cookie", cookie);
    return redirect(to, { status: 303, headers });
  } catch (error) {
    if (isUpstreamError(error) && error.status < 500) {
      const fields = error.errors ?? {};
      return back({
        "": fields.amount || fields.email || fields.theme_id || fields.message ? undefined : [error.message],
        amount: fields.amount ? ["voucher.errors.amount"] : undefined,
        email: fields.email ? ["voucher.errors.email"] : undefined,
        theme_id: fields.theme_id ? ["voucher.errors.theme"] : undefined,
        message: fields.message || fields.recipient_name ? ["voucher.errors.message"] : undefined,
      });
    }
    throw error;
  }
}
