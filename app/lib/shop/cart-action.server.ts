import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";

import type { Cart, ShippingAddress, ShippingOption } from "@contract/shop";
import { isUpstreamError } from "~/lib/api/errors";
import { cartAdd, cartRemove, cartUpdate, getCart, requestShippingQuote, shippingQuote } from "~/lib/api/shop.server";
import { readSubmission, redirectWithToast } from "~/lib/forms.server";
import { translatorFor } from "~/lib/member-forms.server";
import { safeRedirectPath } from "~/lib/url";
import type { Visitor } from "~/lib/visitor.server";
import { cacheControl } from "~/shared/cache-control";

import { cartActionSchema, type CartInput } from "./cart-schemas";
import { cartKey, cartPricing, rememberCart } from "./cart-session.server";
import { requireShop } from "./gate.server";

/** A refused post: which form (intent and line), conform's reply (the input kept, errors per field). */
export interface CartReply {
  intent: string;
  id?: number;
  reply: SubmissionResult<string[]>;
}

/** A quote's answer: the address quoted for and its options (with JavaScript the page shows these). */
export interface QuoteAnswer {
  intent: "quote";
  /** `at`: when it was answered (ms), so the page knows which of two answers is the later. */
  quoted: { address: ShippingAddress; options: ShippingOption[]; at: number };
}

/** A shipping option's answer: the cart priced with it (with JavaScript the totals show it at once). */
export interface ShippingAnswer {
  intent: "shipping";
  chosen: { shipping: number; cart: Cart; at: number };
}

const reply = (body: CartReply, status = 400) =>
  data(body, { status, headers: { "Cache-Control": cacheControl.private } });

/** A 303 back without a message; the redirect carries the session's cookie itself. */
async function back(visitor: Visitor, to: string) {
  const headers = new Headers({ "Cache-Control": cacheControl.private });
  const cookie = await visitor.sessionCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(to, "/cart"), { status: 303, headers });
}

/** Where an added product goes back to: its own page (a same-site catalogue path), else the cart. */
export function productReturn(to: unknown) {
  const path = safeRedirectPath(typeof to === "string" ? to.split("#")[0] : "", "/cart");
  return path.startsWith("/catalogue/") ? path : "/cart";
}

/**
 * A refused "Add to cart": back to the product's page with the typed quantity and the error in the
 * flash, which the page's catalogue widget shows next to the field (with or without JavaScript).
 */
function refuseAdd(visitor: Visitor, payload: Record<string, unknown>, error: string) {
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 20) : "");
  visitor.session.flash("cartAdd", { sku: text(payload.sku), qty: text(payload.qty), error });
  return back(visitor, productReturn(payload.back));
}

/**
 * POST /cart: one action, one schema per `intent` (add, update, remove, promo, promo-clear, quote,
 * shipping, request-quote). Without JavaScript each success is a 303 back (to the product page for
 * add), so a reload never posts twice; a refusal re-renders the cart with the input and the error
 * next to its field. The session keeps the key and count the CMS answers, the applied code, the
 * address quoted for and the chosen shipping option.
 */
export async function cartAction(request: Request, context: AppLoadContext) {
  await requireShop(request, context);
  const { visitor, submission } = await readSubmission(request, context, cartActionSchema);
  const t = await translatorFor(visitor);
  const payload = submission.payload as Record<string, unknown>;
  const intent = typeof payload.intent === "string" ? payload.intent.slice(0, 20) : "";
  const lineId = Number(payload.id);
  const form = { intent, id: Number.isSafeInteger(lineId) ? lineId : undefined };

  if (submission.status !== "success") {
    if (intent === "add") {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? "shop.errors.invalid";
      return refuseAdd(visitor, payload, t(first));
    }
    return reply({ ...form, reply: submission.reply() });
  }
  const input = submission.value;
  try {
    return await run(visitor, input, t);
  } catch (error) {
    if (!isUpstreamError(error) || error.unavailable || error.status >= 500 || error.status === 401) {
      if (isUpstreamError(error) && input.intent !== "add") {
        return reply({ ...form, reply: submission.reply({ formErrors: [t("shop.errors.failed")] }) }, 503);
      }
      throw error;
    }
    const fields = error.errors ?? {};
    const message = fields.qty
      ? t("shop.errors.stock")
      : error.status === 404 && input.intent !== "add"
        ? t("shop.errors.lineGone")
        : error.status === 400 || error.status === 404
          ? t("shop.errors.invalid")
          : error.message;
    if (input.intent === "add") return refuseAdd(visitor, payload, message);
    const onField = fields.qty ? { qty: [message] } : undefined;
    return reply({ ...form, reply: submission.reply({ fieldErrors: onField, formErrors: onField ? [] : [message] }) });
  }
}

async function run(visitor: Visitor, input: CartInput, t: TFunction) {
  const { session, transport } = visitor;
  const key = cartKey(session);
  const keep = (cart: Cart) => rememberCart(session, cart);
  switch (input.intent) {
    case "add": {
      keep(await cartAdd(transport, { sku: input.sku, qty: input.qty, addons: input.addons, session: key }));
      return redirectWithToast(visitor, productReturn(input.back), { kind: "success", message: t("shop.added") });
    }
    case "update":
      keep(await cartUpdate(transport, { id: input.id, qty: input.qty, session: key }));
      return back(visitor, "/cart");
    case "remove":
      keep(await cartRemove(transport, { id: input.id, session: key }));
      return back(visitor, "/cart");
    case "promo": {
      const cart = await getCart(transport, key, { ...cartPricing(session), promotion_code: input.code });
      keep(cart);
      if (cart.promotion_error) {
        session.unset("cartPromo");
        return reply({
          intent: "promo",
          reply: { status: "error", initialValue: { code: input.code }, error: { code: [cart.promotion_error] } },
        });
      }
      session.set("cartPromo", input.code);
      return back(visitor, "/cart");
    }
    case "promo-clear":
      session.unset("cartPromo");
      return back(visitor, "/cart");
    case "quote": {
      const address = { suburb: input.suburb, postcode: input.postcode, country: input.country };
      // Asked here so a refused address is told now, and answered with the options themselves: the
      // page shows them from this answer even when its loaders' revalidation after it is lost.
      const options = await shippingQuote(transport, key, address);
      session.set("cartAddress", address);
      session.unset("cartShipping");
      const quoted: QuoteAnswer = { intent: "quote", quoted: { address, options, at: Date.now() } };
      return data(quoted, { status: 200, headers: { "Cache-Control": cacheControl.private } });
    }
    case "shipping": {
      session.set("cartShipping", input.shipping_type);
      // Priced here and answered, as a quote is: the totals show this answer even when the page's
      // revalidation after it is lost; without JavaScript this request's loaders render the page.
      const cart = await getCart(transport, key, cartPricing(session));
      keep(cart);
      const chosen: ShippingAnswer = {
        intent: "shipping",
        chosen: { shipping: input.shipping_type, cart, at: Date.now() },
      };
      return data(chosen, { status: 200, headers: { "Cache-Control": cacheControl.private } });
    }
    case "request-quote": {
      const { intent: _intent, ...address } = input;
      await requestShippingQuote(transport, key, address);
      return redirectWithToast(visitor, "/cart", { kind: "success", message: t("shop.quoteRequested") });
    }
  }
}
