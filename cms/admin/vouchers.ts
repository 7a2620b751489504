/**
 * The sold gift vouchers for the back-office (docs/back-office.md): a page of them, newest first,
 * found by code or buyer, and the liability report the vouchers area computes.
 */
import { count, desc, eq, ilike, or } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { liabilityAnswerSchema, soldVouchersAnswerSchema } from "../contract/admin-sales";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { giftVouchers, voucherThemes } from "../db/schema";
import { pagingOf } from "../lib/paginate";
import { safeText } from "../lib/params";
import { voucherLiability } from "../vouchers/service";
import { readBody } from "./body";

const listBody = z
  .object({
    q: safeText(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listVouchers(db: Db, query: z.infer<typeof listBody>) {
  const q = query.q?.trim();
  const where = q ? or(ilike(giftVouchers.code, likeOf(q)), ilike(giftVouchers.buyerEmail, likeOf(q))) : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(giftVouchers).where(where),
    db
      .select({ voucher: giftVouchers, theme: voucherThemes.name })
      .from(giftVouchers)
      .leftJoin(voucherThemes, eq(voucherThemes.id, giftVouchers.themeId))
      .where(where)
      .orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    data: rows.map(({ voucher: v, theme }) => ({
      id: v.id,
      code: v.code,
      amount_cents: v.amountCents,
      theme: theme ?? null,
      buyer_email: v.buyerEmail,
      buyer_user_id: v.buyerUserId,
      status: v.status,
      paid: v.status !== "pending",
      created_at: v.createdAt.toISOString(),
      issued_at: v.issuedAt?.toISOString() ?? null,
      redeemed_at: v.redeemedAt?.toISOString() ?? null,
    })),
    ...pagingOf(total?.n ?? 0, { page: query.page, pageSize: query.page_size }),
  };
}

/** `/voucher` (the list) and `/voucher/liability` (outstanding value by month, in dollars). */
export function voucherRoutes() {
  const app = new Hono<CmsEnv>();
  app.post("/voucher", async (c) =>
    c.json(answer(soldVouchersAnswerSchema, await listVouchers(c.var.db, await readBody(c, listBody)))),
  );
  app.post("/voucher/liability", async (c) => {
    await readBody(c, z.object({}).strict());
    return c.json(answer(liabilityAnswerSchema, { data: await voucherLiability(c.var.db) }));
  });
  return app;
}
