import { randomUUID } from "node:crypto";

import type { AppLoadContext } from "@remix-run/node";
import { data, redirectDocument } from "@remix-run/node";

import type { Address } from "@contract/accounts";
import type { OrderAddress, ShippingAddress, ShippingOption } from "@contract/shop";
import { isUpstreamError } from "~/lib/api/errors";
import { listAddresses } from "~/lib/api/profile.server";
import { getCart, shippingQuote, submitOrder } from "~/lib/api/shop.server";
import { requireMember } from "~/lib/auth.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { readSubmission } from "~/lib/forms.server";
import { gatewayAddress } from "~/lib/gateway.server";
import { translatorFor } from "~/lib/member-forms.server";
import { siteOrigin } from "~/lib/origin.server";
import { cartKey, cartPricing, rememberCart } from "~/lib/shop/cart-session.server";
import { requireShop } from "~/lib/shop/gate.server";
import type { Visitor } from "~/lib/visitor.server";
import { cacheControl } from "~/shared/cache-control";

import { CHECKOUT_FIELDS, type CheckoutInput, checkoutSchema } from "./schema";

/** What the form shows again after a post that did not go on to the payment. */
export interface CheckoutReply {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** The CMS's refusal (`success: false`) or "something went wrong": the alert above the form. */
  message: string | null;
  /** The shipping options of the address in the form (intent=quote), or null. */
  options: ShippingOption[] | null;
}

const privately = { "Cache-Control": cacheControl.private };

/** The gate of every checkout request: a member (else the login page and back), and the shop open. */
async function guard(request: Request, context: AppLoadContext) {
  await requireMember(request, context);
  await requireShop(request, context);
  return context.visitor();
}

const addressOf = (a: Address): ShippingAddress => ({ suburb: a.city, postcode: a.postcode, country: a.country });

/** The options for an address, or none when it cannot be quoted (the form still offers the rest). */
function quote(visitor: Visitor, key: string, address: ShippingAddress | null): Promise<ShippingOption[] | null> {
  if (!address || !address.postcode) return Promise.resolve(null);
  return shippingQuote(visitor.transport, key, address).catch(() => []);
}

/**
 * The cart priced as the cart page left it, the member's saved addresses, the shipping options of
 * the first one (or of the address the cart was quoted for), and a new idempotency key: every post
 * of this form, doubled or retried, sends it, so the CMS makes one order of them.
 */
export async function loadCheckout(request: Request, context: AppLoadContext) {
  const visitor = await guard(request, context);
  const { session, transport } = visitor;
  const key = cartKey(session);
  const [cart, addresses] = await Promise.all([
    getCart(transport, key, cartPricing(session)),
    listAddresses(transport).then((list) => list.filter((a) => a.enabled)),
  ]);
  rememberCart(session, cart);
  const first = addresses[0] ?? null;
  const options = await quote(visitor, key, first ? addressOf(first) : (session.get("cartAddress") ?? null));
  return data(
    {
      cart,
      addresses,
      options,
      shipping: session.get("cartShipping") ?? null,
      cartAddress: session.get("cartAddress") ?? null,
      idempotencyKey: randomUUID(),
      csrf: ensureCsrfToken(session),
    },
    { headers: privately },
  );
}

function keptValues(payload: Record<string, unknown>) {
  const values: Record<string, string> = {};
  for (const name of CHECKOUT_FIELDS) {
    if (typeof payload[name] === "string") values[name] = (payload[name] as string).slice(0, 1000);
  }
  return values;
}

function orderAddress(input: CheckoutInput): number | OrderAddress {
  if (input.address !== "new") return Number(input.address);
  return {
    first_name: input.first_name ?? "",
    last_name: input.last_name ?? "",
    email: input.email ?? "",
    phone: input.phone ?? "",
    street_address: input.street_address ?? "",
    city: input.suburb ?? "",
    postcode: input.postcode ?? "",
    state: input.state ?? "",
    country: input.country ?? "",
  };
}

/**
 * POST /checkout: `quote` re-renders the form with the options of the address in it (the input
 * kept); `place` submits the order (url `{origin}/invoice`, the CMS appends the order's id) and
 * goes on to the gateway, only ever one of the CMS's `/pay/` pages. A refusal (`success: false`)
 * shows the CMS's message; an upstream failure "something went wrong", with the input kept.
 */
export async function checkoutAction(request: Request, context: AppLoadContext) {
  await guard(request, context);
  const { visitor, submission } = await readSubmission(request, context, checkoutSchema);
  const t = await translatorFor(visitor);
  const values = keptValues(submission.payload as Record<string, unknown>);
  const answer = (reply: Partial<CheckoutReply>, status: number) =>
    data<CheckoutReply>({ values, errors: {}, message: null, options: null, ...reply }, { status, headers: privately });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => Boolean(e[1]?.length)),
    );
    return answer({ errors }, 400);
  }
  const input = submission.value;
  const { session, transport } = visitor;
  const key = cartKey(session);

  if (input.intent === "quote") {
    let address: ShippingAddress | null = null;
    if (input.address === "new") {
      address = { suburb: input.suburb ?? "", postcode: input.postcode ?? "", country: input.country ?? "" };
    } else {
      const saved = (await listAddresses(transport)).find((a) => a.id === Number(input.address));
      address = saved ? addressOf(saved) : null;
    }
    return answer({ options: (await quote(visitor, key, address)) ?? [] }, 200);
  }

  try {
    const placed = await submitOrder(transport, {
      address: orderAddress(input),
      shipping_option_id: input.shipping_option_id ?? 0,
      paymentGateway: input.payment ?? "",
      note: input.note ?? "",
      promotion_code: session.get("cartPromo") ?? "",
      url: `${siteOrigin(request, context)}/invoice`,
      idempotency_key: input.idempotency_key,
      session: key || undefined,
    });
    if (!placed.success) return answer({ message: placed.message || t("shop.errors.failed") }, 409);
    const to = gatewayAddress(placed.payment, request, context);
    if (!to) return answer({ message: t("shop.errors.failed") }, 502);
    // The cart is emptied by the CMS: what the session kept of it goes too.
    for (const name of ["cartCount", "cartPromo", "cartShipping"] as const) session.unset(name);
    const headers = new Headers(privately);
    const cookie = await visitor.sessionCookie();
    if (cookie) headers.append("Set-Cookie", cookie);
    // A document redirect: with JavaScript the gateway's page is not a route of this app.
    return redirectDocument(to, { status: 303, headers });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.status === 400 && !error.unavailable) {
      const fields = error.errors ?? {};
      const errors: Record<string, string[]> = {};
      for (const [name, list] of Object.entries(fields)) {
        // The CMS names a new address's fields `address.<name>` (its `city` is the form's suburb).
        const bare = name.replace(/^address\./, "");
        const field = name === "paymentGateway" ? "payment" : bare === "city" ? "suburb" : bare;
        if (Array.isArray(list) && (CHECKOUT_FIELDS as readonly string[]).includes(field)) errors[field] = list;
      }
      return answer({ errors, message: Object.keys(errors).length ? null : error.message }, 400);
    }
    const status = error.unavailable || error.status >= 500 ? 503 : error.status === 404 ? 404 : 502;
    return answer({ message: t("shop.errors.failed") }, status);
  }
}
