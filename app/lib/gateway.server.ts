import type { AppLoadContext } from "@remix-run/node";

import { siteOrigin } from "./origin.server";

/**
 * Whether `payment` (the CMS's answer) is a page of the payment gateway: the CMS's public origin
 * (the site's own when the CMS is embedded) and a path under `/pay/` (the test gateway), or the
 * origin of the gateway's hosted pages (`upstream.paymentOrigins`: Stripe Checkout's). Anything
 * else is refused (null), so a compromised or misconfigured upstream cannot send the buyer
 * elsewhere. Used by paid forms, the gift voucher's purchase and the shop's checkout and invoices.
 */
export function gatewayAddress(payment: string, request: Request, context: AppLoadContext): string | null {
  const site = siteOrigin(request, context);
  const origin = context.upstream.publicUrl ? new URL(context.upstream.publicUrl).origin : new URL(site).origin;
  let url: URL;
  try {
    url = new URL(payment, site);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === origin && url.pathname.startsWith("/pay/")) return url.href;
  return context.upstream.paymentOrigins?.includes(url.origin) ? url.href : null;
}
