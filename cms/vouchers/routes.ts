/**
 * The gift voucher calls (prefix `/api/v1/cognito/giftVoucher`, decisions 051 and 058): buy
 * (payNow, through the payments area), redeem into the member's credit, the print view's voucher
 * and the admins' liability report.
 */
import { Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import { enforceRateLimit } from "../accounts/rate-limit";
import { requireUser } from "../accounts/tokens";
import { parseBody } from "../accounts/validation";
import type { CmsEnv } from "../context";
import { MAX_LIST_ITEMS } from "../graphql/limits";
import { imageRecord } from "../media/records";
import { getImageRecord } from "../media/service";
import { normaliseVoucherCode } from "./codes";
import { findVoucherByCode, listVoucherThemes, redeemVoucher, voucherLiability } from "./service";

const redeemSchema = z.object({ code: z.string().trim().min(1, "is required").max(100) });

export function voucherRoutes() {
  const app = new Hono<CmsEnv>();

  // The themes as the widget shows them (the REST twin of GraphQL's cognitoGiftVoucherThemes).
  app.get("/themes", async (c) => {
    const themes = await listVoucherThemes(c.var.db, MAX_LIST_ITEMS);
    return c.json({
      data: themes.map((t) => ({
        id: t.id,
        name: t.name,
        image: t.imageRow ? imageRecord(t.imageRow, { aspect: "16x9", width: 400 }) : null,
      })),
    });
  });

  app.post("/redeem", requireUser, async (c) => {
    const user = c.var.user;
    await enforceRateLimit(c, "voucher", user.email);
    const { code } = await parseBody(c, redeemSchema);
    const cents = await redeemVoucher(c.var.db, normaliseVoucherCode(code), user.id, c.var.now);
    return c.json({ success: true, message: "The voucher has been added to your credit", amount: cents / 100 });
  });

  app.get("/voucher/:code", async (c) => {
    const found = await findVoucherByCode(c.var.db, normaliseVoucherCode(c.req.param("code")));
    if (!found) throw new ApiError(404, "Not found");
    const { voucher, theme } = found;
    const image = theme?.imageHash
      ? await getImageRecord(c.var.db, theme.imageHash, { aspect: "16x9", width: 800 })
      : null;
    c.header("Cache-Control", "private, no-store");
    return c.json({
      voucher: {
        code: voucher.code,
        amount: voucher.amountCents / 100,
        amount_cents: voucher.amountCents,
        status: voucher.status,
        issued_at: voucher.issuedAt,
        theme: theme ? { id: theme.id, name: theme.name, image } : null,
      },
    });
  });

  app.get("/liability", requireUser, async (c) => {
    if (!c.var.user.isAdmin) throw new ApiError(403, "Only an admin may see the voucher liability");
    return c.json({ months: await voucherLiability(c.var.db) });
  });

  return app;
}
