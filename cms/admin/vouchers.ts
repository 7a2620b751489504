/**
 * The sold gift vouchers for the back-office (docs/back-office.md): a page of them, newest first,
 * found by code or buyer, each with its state, expiry, balance and redemption at the CMS's now,
 * and the liability report the vouchers area computes.
 */
import { count, desc, eq, ilike, or } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { liabilityAnswerSchema, soldVouchersAnswerSchema } from "../contract/admin-sales";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { giftVouchers, users, voucherThemes } from "../db/schema";
import { pagingOf } from "../lib/paginate";
import { safeText } from "../lib/params";
import { voucherBalanceCents, voucherLiability, voucherState } from "../vouchers/service";
import { readBody } from "./body";
import { memberOf } from "./orders";

const listBody = z
  .object({
    q: safeText(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

/** The redeemer's columns the list shows (not the whole account). */
const redeemer = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listVouchers(db: Db, query: z.infer<typeof listBody>, now: number) {
  const q = query.q?.trim();
  const where = q ? or(ilike(giftVouchers.code, likeOf(q)), ilike(giftVouchers.buyerEmail, likeOf(q))) : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(giftVouchers).where(where),
    db
      .select({ voucher: giftVouchers, theme: voucherThemes.name, redeemer })
      .from(giftVouchers)
      .leftJoin(voucherThemes, eq(voucherThemes.id, giftVouchers.themeId))
      .leftJoin(users, eq(users.id, giftVouchers.redeemedBy))
      .where(where)
      .orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    data: rows.map(({ voucher: v, theme, redeemer: by }) => ({
      id: v.id,
      code: v.code,
      amount_cents: v.amountCents,
      theme: theme ?? null,
      buyer_email: v.buyerEmail,
      buyer_user_id: v.buyerUserId,
      status: voucherState(v, now),
      paid: v.status !== "pending",
      created_at: v.createdAt.toISOString(),
      issued_at: v.issuedAt?.toISOString() ?? null,
      expires_at: v.expiresAt?.toISOString() ?? null,
      balance_cents: voucherBalanceCents(v, now),
      redeemed_at: v.redeemedAt?.toISOString() ?? null,
      redeemed_by: memberOf(by),
    })),
    ...pagingOf(total?.n ?? 0, { page: query.page, pageSize: query.page_size }),
  };
}

/** `/voucher` (the list) and `/voucher/liability` (outstanding value by month and now, in dollars). */
export function voucherRoutes() {
  const app = new Hono<CmsEnv>();
  app.post("/voucher", async (c) =>
    c.json(answer(soldVouchersAnswerSchema, await listVouchers(c.var.db, await readBody(c, listBody), c.var.now))),
  );
  app.post("/voucher/liability", async (c) => {
    await readBody(c, z.object({}).strict());
    const { months, outstanding } = await voucherLiability(c.var.db, c.var.now);
    return c.json(answer(liabilityAnswerSchema, { data: months, outstanding }));
  });
  return app;
}
