import { randomUUID } from "node:crypto";

import type { AppLoadContext } from "@remix-run/node";
import { data, redirectDocument } from "@remix-run/node";

import type { Address } from "@contract/accounts";
import type { Cart, OrderAddress, ShippingAddress, ShippingOption } from "@contract/shop";
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
  /** The cart priced for the address and option in the form: the summary, and the total to be charged. */
  cart: Cart | null;
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

/** The option chosen when it is one of the address's, else none. */
const among = (options: ShippingOption[] | null, chosen: number | null | undefined) =>
  options?.some((o) => o.shipping_type_id === chosen) ? chosen! : undefined;

/**
 * The one quote of a checkout: the cart priced with the session's code for this address and
 * option. The summary shows it, and its total is what the order is charged (`expected_total`).
 */
function priceFor(visitor: Visitor, key: string, address: ShippingAddress | null, shipping: number | undefined) {
  const { promotion_code } = cartPricing(visitor.session);
  return getCart(visitor.transport, key, {
    ...(promotion_code ? { promotion_code } : {}),
    ...(address?.postcode ? { shipping_address: address } : {}),
    ...(shipping !== undefined ? { shipping_type: shipping } : {}),
  });
}

/**
 * The member's saved addresses, the shipping options of the first one (or of the address the
 * cart was quoted for), the cart priced for that address and the option chosen on the cart page
 * (when the address has it), and a new idempotency key: every post of this form, doubled or
 * retried, sends it, so the CMS makes one order of them.
 */
export async function loadCheckout(request: Request, context: AppLoadContext) {
  const visitor = await guard(request, context);
  const { session, transport } = visitor;
  const key = cartKey(session);
  const addresses = await listAddresses(transport).then((list) => list.filter((a) => a.enabled));
  const first = addresses[0] ?? null;
  const address = first ? addressOf(first) : (session.get("cartAddress") ?? null);
  const options = await quote(visitor, key, address);
  const shipping = among(options, session.get("cartShipping"));
  const cart = await priceFor(visitor, key, address, shipping);
  rememberCart(session, cart);
  return data(
    {
      cart,
      addresses,
      options,
      shipping: shipping ?? null,
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
    data<CheckoutReply>(
      { values, errors: {}, message: null, options: null, cart: null, ...reply },
      { status, headers: privately },
    );
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => Boolean(e[1]?.length)),
    );
    return answer({ errors }, 400);
  }
  const input = submission.value;
  const { session, transport } = visitor;
  const key = cartKey(session);

  /** The summary for the address and option in the form: its options, and the cart priced for them. */
  const summary = async () => {
    let address: ShippingAddress | null = null;
    if (input.address === "new") {
      address = { suburb: input.suburb ?? "", postcode: input.postcode ?? "", country: input.country ?? "" };
    } else {
      const saved = (await listAddresses(transport)).find((a) => a.id === Number(input.address));
      address = saved ? addressOf(saved) : null;
    }
    const options = (await quote(visitor, key, address)) ?? [];
    const chosen = among(options, input.shipping_option_id ?? visitor.session.get("cartShipping"));
    const cart = await priceFor(visitor, key, address, chosen);
    return { options, cart };
  };

  if (input.intent === "quote") return answer(await summary(), 200);

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
      ...(input.expected_total !== undefined ? { expected_total: input.expected_total } : {}),
    });
    // Refused (the total changed, stock ran out…): the message, and the summary as it is now.
    if (!placed.success) {
      const now = await summary().catch(() => ({})); // the message is what matters; the summary if it can be had
      return answer({ message: placed.message || t("shop.errors.failed"), ...now }, 409);
    }
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
