/**
 * The gift voucher calls (prefix `/api/v1/cognito/giftVoucher`, decisions 051 and 058): buy
 * (payNow, through the payments area), redeem into the member's credit, the print view's voucher
 * and the admins' liability report.
 */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import { enforceRateLimit } from "../accounts/rate-limit";
import { optionalUser, requireUser } from "../accounts/tokens";
import { emailField, parseBody } from "../accounts/validation";
import type { CmsEnv } from "../context";
import { answer } from "../contract/answer";
import { centsToDollars, dollarsToCents } from "../contract/formats";
import { addressFromBase64 } from "../contract/payments";
import { payNowAnswerSchema, redeemAnswerSchema, voucherAnswerSchema, voucherThemeSchema } from "../contract/vouchers";
import { giftVouchers } from "../db/schema";
import { MAX_LIST_ITEMS } from "../graphql/list-limit";
import { warningMailer } from "../mail/mailer";
import { imageRecord } from "../media/records";
import { getImageRecord } from "../media/service";
import { registerFulfilment, registerReceipt, startPayment } from "../payments/service";
import { normaliseVoucherCode } from "./codes";
import {
  createPendingVoucher,
  findVoucherByCode,
  findVoucherTheme,
  formatDollars,
  fulfilVoucher,
  listVoucherThemes,
  MAX_VOUCHER_CENTS,
  MIN_VOUCHER_CENTS,
  redeemVoucher,
  setVoucherPayment,
  voucherLiability,
} from "./service";

// The return page shows the code of a paid voucher, with its last day.
registerReceipt("voucher", async (db, payment) => {
  const [voucher] = await db.select().from(giftVouchers).where(eq(giftVouchers.id, payment.referenceId));
  return voucher?.code ? { code: voucher.code, expires_at: voucher.expiresAt?.toISOString() ?? null } : null;
});

// A paid voucher payment issues the code and mails it (once: fulfilPayment holds the row lock).
registerFulfilment("voucher", (tx, payment, ctx) =>
  fulfilVoucher(tx, payment.referenceId, {
    mailer: ctx.mailer ?? warningMailer,
    siteUrl: ctx.siteUrl,
    now: ctx.now.getTime(),
  }),
);

/** A return address: base64 of an http(s) URL. */
const base64Url = z
  .string({ required_error: "is required" })
  .trim()
  .max(4000)
  .transform((v, ctx) => {
    let decoded = "";
    try {
      decoded = addressFromBase64(v);
      const url = new URL(decoded);
      if (url.protocol === "http:" || url.protocol === "https:") return url.toString();
    } catch {
      // falls through
    }
    ctx.addIssue({ code: "custom", message: "must be the base64 of an http(s) address" });
    return z.NEVER;
  });

const payNowSchema = z.object({
  theme_id: z.coerce.number({ invalid_type_error: "must be a theme" }).int().positive("must be a theme"),
  amount: z.coerce
    .number({ invalid_type_error: "must be an amount in dollars" })
    .finite()
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "must have at most 2 decimals")
    .transform(dollarsToCents)
    .refine((c) => c >= MIN_VOUCHER_CENTS && c <= MAX_VOUCHER_CENTS, "must be between $1.00 and $5,000.00"),
  /** Who gets the code: optional for a signed-in member (their own address). */
  email: emailField.optional(),
  recipient_name: z.string().trim().max(100, "must be at most 100 characters").optional(),
  message: z.string().trim().max(500, "must be at most 500 characters").optional(),
  url: base64Url,
});

const redeemSchema = z.object({ code: z.string().trim().min(1, "is required").max(100) });

export function voucherRoutes() {
  const app = new Hono<CmsEnv>();

  // The themes as the widget shows them (the REST twin of GraphQL's cognitoGiftVoucherThemes).
  app.get("/themes", async (c) => {
    const themes = await listVoucherThemes(c.var.db, MAX_LIST_ITEMS);
    return c.json({
      data: themes.map((t) =>
        answer(voucherThemeSchema, {
          id: t.id,
          name: t.name,
          image: t.imageRow ? imageRecord(t.imageRow, { aspect: "16x9", width: 400 }) : null,
        }),
      ),
    });
  });

  app.post("/payNow", async (c) => {
    const input = await parseBody(c, payNowSchema);
    const member = await optionalUser(c, false);
    const email = input.email ?? member?.email;
    if (!email) throw new ApiError(400, "The given data was invalid", { errors: { email: ["is required"] } });
    const theme = await findVoucherTheme(c.var.db, input.theme_id);
    if (!theme) throw new ApiError(400, "The given data was invalid", { errors: { theme_id: ["must be a theme"] } });
    const payment = await c.var.db.transaction(async (tx) => {
      const voucher = await createPendingVoucher(tx, {
        themeId: theme.id,
        amountCents: input.amount,
        buyerEmail: email,
        buyerUserId: member?.id ?? null,
        recipientName: input.recipient_name,
        message: input.message,
      });
      const started = await startPayment(
        c,
        {
          kind: "voucher",
          referenceId: voucher.id,
          amountCents: input.amount,
          description: `Gift voucher ${formatDollars(input.amount)} (${theme.name})`,
          returnUrl: input.url,
          email,
          userId: member?.id ?? null,
        },
        tx,
      );
      await setVoucherPayment(tx, voucher.id, started.paymentId);
      return started;
    });
    return c.json(
      answer(payNowAnswerSchema, { success: true, message: "Continue to the payment", payment: payment.redirectUrl }),
    );
  });

  app.post("/redeem", requireUser, async (c) => {
    const user = c.var.user;
    await enforceRateLimit(c, "voucher", user.email);
    const { code } = await parseBody(c, redeemSchema);
    const cents = await redeemVoucher(c.var.db, normaliseVoucherCode(code), user.id, c.var.now);
    return c.json(
      answer(redeemAnswerSchema, {
        success: true,
        message: "The voucher has been added to your credit",
        amount: centsToDollars(cents),
      }),
    );
  });

  app.get("/voucher/:code", async (c) => {
    const code = normaliseVoucherCode(c.req.param("code"));
    const found = await findVoucherByCode(c.var.db, code);
    if (!found) throw new ApiError(404, "Not found");
    const { voucher, theme } = found;
    const image = theme?.imageHash
      ? await getImageRecord(c.var.db, theme.imageHash, { aspect: "16x9", width: 800 })
      : null;
    c.header("Cache-Control", "private, no-store");
    return c.json(
      answer(voucherAnswerSchema, {
        voucher: {
          // Found by its code, so it has one (the column is empty only before the voucher is issued).
          code: voucher.code ?? code,
          amount: centsToDollars(voucher.amountCents),
          amount_cents: voucher.amountCents,
          status: voucher.status,
          issued_at: voucher.issuedAt,
          expires_at: voucher.expiresAt?.toISOString() ?? null,
          expired: Boolean(
            voucher.expiresAt && voucher.expiresAt.getTime() <= c.var.now && voucher.status === "issued",
          ),
          recipient_name: voucher.recipientName,
          message: voucher.message,
          theme: theme ? { id: theme.id, name: theme.name, image } : null,
        },
      }),
    );
  });

  app.get("/liability", requireUser, async (c) => {
    if (!c.var.user.isAdmin) throw new ApiError(403, "Only an admin may see the voucher liability");
    return c.json(await voucherLiability(c.var.db, c.var.now));
  });

  return app;
}
