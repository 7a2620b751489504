/**
 * The shop's order calls (docs/shop.md): submitOrder (Bearer; through the payments area, kind
 * "order"), requestShippingQuote, and the member's orders, invoices and tickets (another member's
 * order: 404). Mounted by routes.ts behind the shop-closed guard.
 */
import { Hono } from "hono";
import { z } from "zod";

import { enforceRateLimit } from "../accounts/rate-limit";
import { requireUser } from "../accounts/tokens";
import { emailField, memberText, parseBody, phoneField } from "../accounts/validation";
import type { CmsEnv } from "../context";
import type { Accepts } from "../contract/answer";
import type { SubmitOrderBody } from "../contract/shop";
import { found, pathId } from "../lib/http";
import { idSchema } from "../lib/params";
import { warningMailer } from "../mail/mailer";
import { registerDecline, registerFulfilment, startPayment } from "../payments/service";
import { findCart } from "./cart";
import { releaseOrder } from "./holds";
import { fulfilOrder, getOrder, getTickets, listOrders } from "./invoices";
import { submitOrder } from "./orders";
import { shopSettings } from "./pricing";
import { requestShippingQuote } from "./quotes";
import { sessionField } from "./session";

// A declined payment cancels its order and puts the stock back (holds.ts).
registerDecline("order", async (tx, payment, now) => {
  await releaseOrder(tx, payment.referenceId, "declined", now);
});

// A paid order: marked paid, tickets issued, invoice mailed (once: fulfilPayment holds the row lock).
registerFulfilment("order", (tx, payment, ctx) =>
  fulfilOrder(tx, payment.referenceId, { now: ctx.now, mailer: ctx.mailer ?? warningMailer, siteUrl: ctx.siteUrl }),
);

const required = (max: number) => memberText(max).min(1, "is required");

const submitSchema = z.object({
  address: z.union([z.coerce.number().pipe(idSchema), z.record(z.unknown())], {
    errorMap: () => ({ message: "must be one of your addresses or an address" }),
  }),
  shipping_option_id: z.coerce.number({ invalid_type_error: "must be a delivery option" }).pipe(idSchema),
  paymentGateway: z.string().max(40).optional(),
  note: memberText(2000).default(""),
  promotion_code: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v ?? ""),
  url: z
    .string()
    .trim()
    .max(1000)
    .url("must be an address of the site")
    .refine((v) => /^https?:\/\//i.test(v), "must be an address of the site"),
  idempotency_key: z
    .string()
    .trim()
    .regex(/^[\w-]{8,100}$/, "must be 8 to 100 letters, digits, - or _"),
  session: sessionField,
  /**
   * The total the buyer was shown, in dollars: when the order's total comes out otherwise (an
   * address, option, price or code changed), nothing is ordered and the answer says the new total.
   */
  expected_total: z.coerce.number().finite().min(0).max(10_000_000).optional(),
});

const quoteSchema = z.object({
  session: sessionField,
  address: z.object({
    name: required(200),
    email: emailField,
    phone: phoneField.default(""),
    street: required(200),
    suburb: required(100),
    postcode: required(20).regex(/^[A-Za-z0-9 -]+$/, "must be a postcode"),
    state: memberText(100).default(""),
    country: required(60),
  }),
});

export function orderRoutes() {
  const app = new Hono<CmsEnv>();

  app.post("/cart/submitOrder", requireUser, async (c) => {
    const input = await parseBody(c, submitSchema);
    const user = c.var.user;
    const answer = await submitOrder(
      c.var.db,
      {
        user,
        settings: await shopSettings(c.var.db),
        now: c.var.now,
        holdMinutes: c.var.stockHoldMinutes,
        startPayment: (tx, p) =>
          startPayment(
            c,
            {
              kind: "order",
              referenceId: p.orderId,
              amountCents: p.amountCents,
              surchargeCents: p.surchargeCents,
              description: p.description,
              returnUrl: p.returnUrl,
              email: user.email,
              userId: user.id,
            },
            tx,
          ),
      },
      {
        address: input.address,
        shippingOptionId: input.shipping_option_id,
        note: input.note,
        promotionCode: input.promotion_code,
        url: input.url,
        idempotencyKey: input.idempotency_key,
        paymentType: input.paymentGateway,
        expectedTotalCents: input.expected_total === undefined ? undefined : Math.round(input.expected_total * 100),
      },
    );
    return c.json(answer);
  });

  app.post("/cart/requestShippingQuote", async (c) => {
    const input = await parseBody(c, quoteSchema);
    await enforceRateLimit(c, "quote", input.address.email);
    const cart = await findCart(c.var.db, input.session ? { key: input.session } : { key: null });
    const answer = await requestShippingQuote(c.var.db, cart, input.address, { mailer: c.var.mailer, now: c.var.now });
    return c.json(answer);
  });

  app.get("/order", requireUser, async (c) => c.json({ data: await listOrders(c.var.db, c.var.user.id) }));

  app.get("/order/:id", requireUser, async (c) => {
    const order = await getOrder(c.var.db, c.var.user.id, pathId(c, "Order"));
    return c.json({ data: found(order, "Order not found") });
  });

  app.get("/order/:id/tickets", requireUser, async (c) => {
    const list = await getTickets(c.var.db, c.var.user.id, pathId(c, "Order"));
    return c.json({ data: found(list, "Order not found") });
  });

  return app;
}

/** What the site's checkout sends (the contract's SubmitOrderBody) is what this reads. */
export type _SiteOrderBody = Accepts<typeof submitSchema, SubmitOrderBody>;
