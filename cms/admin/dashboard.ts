/**
 * `/admin/dashboard`: the five newest submissions, the vouchers sold this month (on the site's
 * clock and time zone), the paid orders (the shop keeps no fulfilment state yet, so every paid
 * order is one to fulfil), the pages scheduled to change, and the ten newest audit rows.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, sql, sum } from "drizzle-orm";

import type { Db } from "../db/client";
import { forms, formSubmissions, giftVouchers, orders, pageRevisions, pages } from "../db/schema";
import { getSiteTimeZone } from "../site/time-zone";
import { listAudit } from "./audit";

export async function dashboard(db: Db, now: number) {
  const timeZone = await getSiteTimeZone(db);
  const at = new Date(now).toISOString();
  const monthStart = sql`(date_trunc('month', (${at}::timestamptz) at time zone ${timeZone}) at time zone ${timeZone})`;
  const [submissions, [vouchers], [toFulfil], scheduled, audit] = await Promise.all([
    db
      .select({
        id: formSubmissions.id,
        formId: forms.id,
        formName: forms.name,
        createdAt: formSubmissions.createdAt,
        status: formSubmissions.status,
        answers: formSubmissions.answers,
      })
      .from(formSubmissions)
      .innerJoin(forms, eq(forms.id, formSubmissions.formId))
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(5),
    db
      .select({ count: count(), cents: sum(giftVouchers.amountCents) })
      .from(giftVouchers)
      .where(and(inArray(giftVouchers.status, ["issued", "redeemed"]), gte(giftVouchers.issuedAt, monthStart))),
    db.select({ count: count() }).from(orders).where(eq(orders.status, "paid")),
    db
      .select({ pageId: pages.id, name: pages.name, publishAt: pageRevisions.publishAt })
      .from(pageRevisions)
      .innerJoin(pages, eq(pages.id, pageRevisions.pageId))
      .where(and(isNull(pageRevisions.publishedAt), sql`${pageRevisions.publishAt} is not null`))
      .orderBy(asc(pageRevisions.publishAt)),
    listAudit(db, { page: 1, pageSize: 10 }),
  ]);
  return {
    submissions: submissions.map((s) => ({
      id: s.id,
      form: { id: s.formId, name: s.formName },
      created_at: s.createdAt.toISOString(),
      status: s.status,
      answers: s.answers,
    })),
    vouchers_this_month: { count: vouchers.count, cents: Number(vouchers.cents ?? 0) },
    orders_to_fulfil: toFulfil.count,
    scheduled: scheduled.map((s) => ({
      page_id: s.pageId,
      name: s.name,
      publish_at: s.publishAt?.toISOString() ?? null,
    })),
    audit: audit.data,
  };
}
