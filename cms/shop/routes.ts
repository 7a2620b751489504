/**
 * The shop's calls (prefix `/api/v1/sell`, docs/shop.md): products' SKUs, the cart, shipping
 * quotes, orders, invoices and tickets. With the setting `ecommerce` off, every one answers 404
 * "The shop is closed". Bodies are parsed with zod; prices are never read from a request.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";

import { verifyCallToken } from "../accounts/access-once";
import { ApiError } from "../accounts/errors";
import { bearerToken, requireUser } from "../accounts/tokens";
import { parseBody } from "../accounts/validation";
import type { CmsEnv } from "../context";
import type { Accepts } from "../contract/answer";
import type { CartPricing } from "../contract/shop";
import { PAYMENT_TYPES } from "../contract/surcharges";
import { found, pathId } from "../lib/http";
import { idSchema } from "../lib/params";
import { addToCart, type CartOwner, findCart, mergeCarts, removeCartItem, updateCartItem } from "./cart";
import { getProductSkus, MAX_LINE_QTY } from "./lines";
import { orderRoutes } from "./order-routes";
import { shopSettings } from "./pricing";
import { cartAnswer, type PricingInput, shippingQuote } from "./service";
import { sessionField } from "./session";

export const SHOP_CLOSED = "The shop is closed";

/** A whole number from JSON or text ("2"); anything else (1.5, "abc", true) is refused. */
const wholeNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,12}$/, "must be a whole number"),
]);

const qtyField = wholeNumber
  .transform(Number)
  .pipe(
    z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_LINE_QTY, `must be at most ${MAX_LINE_QTY}`),
  );

const idField = wholeNumber.transform(Number).pipe(idSchema);

const cartAddSchema = z.object({
  sku: idField,
  qty: qtyField,
  addons: z.array(idField).max(20).default([]),
  session: sessionField,
});
const lineSchema = z.object({ id: idField, session: sessionField });
const updateSchema = lineSchema.extend({ qty: qtyField });

const postcodeField = z.string().trim().min(1, "is required").max(10);
const countryField = z.string().trim().min(1, "is required").max(60);

const getCartSchema = z.object({
  session: sessionField,
  promotion_code: z.string().trim().max(40).optional(),
  shipping_type: z.union([idField, z.literal(""), z.null()]).optional(),
  shipping_address: z
    .object({ suburb: z.string().trim().max(100).default(""), postcode: postcodeField, country: countryField })
    .nullish(),
  /** The payment type to price for (its surcharge); default card. */
  payment_type: z.string().trim().max(40).optional(),
});

const quoteSchema = z.object({
  session: sessionField,
  suburb: z.string().trim().max(100).default(""),
  postcode: postcodeField,
  country: countryField,
});

/** Sets `c.var.user` when the call carries a Bearer token (checked as requireUser does). */
async function optionalUser(c: Context<CmsEnv>) {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) return null;
  const { user, familyId } = await verifyCallToken(c, token);
  c.set("user", user);
  c.set("tokenFamily", familyId);
  return user;
}

/** The cart's owner: the signed-in member, else the key sent. */
async function ownerOf(c: Context<CmsEnv>, key: string | null): Promise<CartOwner> {
  const user = await optionalUser(c);
  return user ? { userId: user.id } : { key };
}

export function shopRoutes() {
  const app = new Hono<CmsEnv>();

  for (const path of ["/product/*", "/cart/*", "/order", "/order/*"]) {
    app.use(path, async (c, next) => {
      if (!(await shopSettings(c.var.db)).open) throw new ApiError(404, SHOP_CLOSED);
      c.header("Cache-Control", "private, no-store");
      await next();
    });
  }

  app.get("/product/:id", async (c) => {
    const data = found(await getProductSkus(c.var.db, pathId(c, "Product")), "Product not found");
    return c.json({ data });
  });

  const answerCart = async (c: Context<CmsEnv>, owner: CartOwner, pricing: PricingInput = {}) => {
    const db = c.var.db;
    const cart = await findCart(db, owner);
    const settings = await shopSettings(db);
    return c.json(await cartAnswer(db, cart, pricing, { settings, now: c.var.now, paymentTypes: PAYMENT_TYPES }));
  };

  app.post("/cart/cartAdd", async (c) => {
    const input = await parseBody(c, cartAddSchema);
    const owner = await ownerOf(c, input.session);
    const cart = await addToCart(
      c.var.db,
      owner,
      { skuId: input.sku, qty: input.qty, addonIds: input.addons },
      c.var.now,
    );
    return answerCart(c, "userId" in owner ? owner : { key: cart.sessionKey });
  });

  app.post("/cart/cartUpdate", async (c) => {
    const input = await parseBody(c, updateSchema);
    const owner = await ownerOf(c, input.session);
    await updateCartItem(c.var.db, owner, input.id, input.qty);
    return answerCart(c, owner);
  });

  app.post("/cart/cartRemove", async (c) => {
    const input = await parseBody(c, lineSchema);
    const owner = await ownerOf(c, input.session);
    await removeCartItem(c.var.db, owner, input.id);
    return answerCart(c, owner);
  });

  app.post("/cart/mergeCart", requireUser, async (c) => {
    const input = await parseBody(c, z.object({ session: sessionField }));
    await mergeCarts(c.var.db, c.var.user.id, input.session, c.var.now);
    return answerCart(c, { userId: c.var.user.id });
  });

  app.post("/cart/getCart", async (c) => {
    const input = await parseBody(c, getCartSchema);
    const owner = await ownerOf(c, input.session);
    return answerCart(c, owner, {
      promotionCode: input.promotion_code || undefined,
      shippingType: typeof input.shipping_type === "number" ? input.shipping_type : undefined,
      shippingAddress: input.shipping_address ?? undefined,
      paymentType: input.payment_type,
    });
  });

  app.post("/cart/shippingQuote", async (c) => {
    const input = await parseBody(c, quoteSchema);
    return c.json({ data: shippingQuote(await shopSettings(c.var.db), input) });
  });

  app.route("/", orderRoutes());

  return app;
}

/** What the site prices a cart with (the contract's CartPricing, with the cart's key) is what this reads. */
export type _SiteCartBody = Accepts<typeof getCartSchema, CartPricing & { session: string }>;
