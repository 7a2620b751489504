/**
 * The vouchers area's service (decision 051, 058): the themes a buyer chooses from, a voucher
 * bought (pending until its payment is fulfilled, then issued with a code and mailed), redeemed
 * once into the member's credit (never after its expiry), and the liability (issued less redeemed
 * and expired) by month.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";

import { addCredit } from "../accounts/credit";
import { ApiError } from "../accounts/errors";
import { accountSettings } from "../accounts/users";
import { centsToDollars, formatLongDate } from "../contract/formats";
import { siteTimeZone } from "../contract/site-clock";
import type { Db } from "../db/client";
import { domains, giftVouchers, voucherThemes } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { renderMail } from "../mail/templates";
import { loadImageRows, recordOf } from "../media/service";
import { newVoucherCode } from "./codes";

/** The first `limit` voucher themes in order, each with its image's row (for records at any aspect and width). */
export async function listVoucherThemes(db: Db, limit: number) {
  const rows = await db
    .select()
    .from(voucherThemes)
    .orderBy(asc(voucherThemes.sortOrder), asc(voucherThemes.id))
    .limit(limit);
  const images = await loadImageRows(
    db,
    rows.map((r) => r.imageHash),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, imageRow: recordOf(images, r.imageHash) }));
}

export async function findVoucherTheme(db: Db, id: number) {
  const [theme] = await db.select().from(voucherThemes).where(eq(voucherThemes.id, id)).limit(1);
  return theme ?? null;
}

/** The smallest and largest voucher a buyer may pay for, in cents. */
export const MIN_VOUCHER_CENTS = 100;
export const MAX_VOUCHER_CENTS = 500_000;

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export interface NewVoucher {
  themeId: number;
  amountCents: number;
  buyerEmail: string;
  buyerUserId?: number | null;
  recipientName?: string;
  message?: string;
}

/**
 * How long an issued voucher can be used, in months: the `voucher_expiry_months` setting, at least
 * 36 (Australian law: gift cards sold from 2019 carry at least three years), 36 when unset.
 */
export const MIN_VOUCHER_MONTHS = 36;

export function voucherExpiryMonths(settings: Record<string, unknown>): number {
  const value = Number(settings.voucher_expiry_months);
  return Number.isInteger(value) && value >= MIN_VOUCHER_MONTHS && value <= 1200 ? value : MIN_VOUCHER_MONTHS;
}

/** The moment `months` after `from` (the same day of the month, or the month's last). */
export function addMonths(from: number, months: number): Date {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

/** A pending voucher (no code yet): its payment's reference. */
export async function createPendingVoucher(db: Db, input: NewVoucher) {
  const [row] = await db
    .insert(giftVouchers)
    .values({
      themeId: input.themeId,
      amountCents: input.amountCents,
      buyerEmail: input.buyerEmail,
      buyerUserId: input.buyerUserId ?? null,
      recipientName: (input.recipientName ?? "").trim().slice(0, 100),
      message: (input.message ?? "").trim().slice(0, 500),
      status: "pending",
    })
    .returning();
  return row;
}

/** Links a pending voucher to its payment. */
export async function setVoucherPayment(db: Db, voucherId: number, paymentId: number) {
  await db.update(giftVouchers).set({ paymentId }).where(eq(giftVouchers.id, voucherId));
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface IssueContext {
  mailer: Mailer;
  /** The site's URL for the print link (the `siteUrl` option), else the domain's `site_url`. */
  siteUrl: string | undefined;
  now: number;
}

/**
 * Issues a pending voucher: a new unique code (drawn again on a clash), status issued. Called by
 * the payment's fulfilment, which runs once per payment; a voucher already issued is left as it
 * is and not mailed again. Returns the code, or null when there is nothing to issue.
 */
export async function issueVoucher(
  db: Db,
  voucherId: number,
  now: number,
  months = MIN_VOUCHER_MONTHS,
): Promise<string | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newVoucherCode();
    try {
      const [row] = await db
        .update(giftVouchers)
        .set({ code, status: "issued", issuedAt: new Date(now), expiresAt: addMonths(now, months) })
        .where(and(eq(giftVouchers.id, voucherId), eq(giftVouchers.status, "pending")))
        .returning();
      if (!row) return null;
      return code;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not draw a unique voucher code");
}

async function siteOf(db: Db, siteUrl: string | undefined) {
  const [domain] = await db.select().from(domains).orderBy(asc(domains.id)).limit(1);
  const settings = domain?.settings ?? {};
  const text = (key: string) => (typeof settings[key] === "string" ? (settings[key] as string).trim() : "");
  const name = text("organisation_name") || text("name") || domain?.name || "Dovetail";
  const url = (siteUrl || text("site_url")).replace(/\/+$/, "");
  return { name, url, timeZone: siteTimeZone(settings.time_zone), months: voucherExpiryMonths(settings) };
}

/** The voucher kind's fulfilment: issue the code and mail it, with its expiry and the print link, to the buyer. */
export async function fulfilVoucher(db: Db, voucherId: number, ctx: IssueContext) {
  const [voucher] = await db.select().from(giftVouchers).where(eq(giftVouchers.id, voucherId)).limit(1);
  if (!voucher || voucher.status !== "pending") return;
  const site = await siteOf(db, ctx.siteUrl);
  const code = await issueVoucher(db, voucherId, ctx.now, site.months);
  if (!code || !voucher.buyerEmail) return;
  const message = renderMail("voucher", null, {
    site: site.name,
    code,
    amount: formatDollars(voucher.amountCents),
    link: `${site.url}/vouchers/${code}`,
    date: formatLongDate(addMonths(ctx.now, site.months), site.timeZone),
    recipient: voucher.recipientName || undefined,
    note: voucher.message || undefined,
  });
  ctx.mailer.send({ to: voucher.buyerEmail, subject: message.subject, text: message.text, html: message.html });
}

export const VOUCHER_NOT_VALID = "This code is not valid";
export const VOUCHER_ALREADY_REDEEMED = "This voucher has already been redeemed";
export const VOUCHER_EXPIRED = "This voucher has expired";

function refused(message: string) {
  return new ApiError(400, message, { extra: { success: false } });
}

/**
 * Redeems a code for a member in one transaction: the voucher row is locked (`for update`), so of
 * concurrent redemptions one sees it issued and the others see it redeemed. Credits the member
 * with the site's supplier (`payment_to_user_id`). Returns the amount in cents.
 */
export async function redeemVoucher(db: Db, code: string, userId: number, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx.select().from(giftVouchers).where(eq(giftVouchers.code, code)).limit(1).for("update");
    if (!voucher || voucher.status === "pending") throw refused(VOUCHER_NOT_VALID);
    if (voucher.status !== "issued") throw refused(VOUCHER_ALREADY_REDEEMED);
    if (voucher.expiresAt && voucher.expiresAt.getTime() <= now) throw refused(VOUCHER_EXPIRED);
    await tx
      .update(giftVouchers)
      .set({ status: "redeemed", redeemedAt: new Date(now), redeemedBy: userId })
      .where(eq(giftVouchers.id, voucher.id));
    const supplierId = (await accountSettings(tx)).payment_to_user_id;
    await addCredit(tx, { userId, supplierId, amountCents: voucher.amountCents, reason: `Gift voucher ${code}` });
    return voucher.amountCents;
  });
}

/** An issued or redeemed voucher for the print view, with its theme; null for any other code. */
export async function findVoucherByCode(db: Db, code: string) {
  const [row] = await db
    .select({ voucher: giftVouchers, theme: voucherThemes })
    .from(giftVouchers)
    .leftJoin(voucherThemes, eq(voucherThemes.id, giftVouchers.themeId))
    .where(eq(giftVouchers.code, code))
    .limit(1);
  if (!row || (row.voucher.status !== "issued" && row.voucher.status !== "redeemed")) return null;
  return row;
}

/** What a voucher is at `now`: an issued one is expired from its `expiresAt` on (no redemption then). */
export type VoucherState = "pending" | "issued" | "redeemed" | "expired";

export function voucherState(v: { status: string; expiresAt: Date | null }, now: number): VoucherState {
  if (v.status === "redeemed") return "redeemed";
  if (v.status !== "issued") return "pending";
  return v.expiresAt && v.expiresAt.getTime() <= now ? "expired" : "issued";
}

/** What a voucher is still worth at `now`, in cents: its amount while issued and unexpired, else 0. */
export const voucherBalanceCents = (v: { status: string; amountCents: number; expiresAt: Date | null }, now: number) =>
  voucherState(v, now) === "issued" ? v.amountCents : 0;

export interface LiabilityMonth {
  month: string;
  issued: number;
  redeemed: number;
  expired: number;
  outstanding: number;
}

export interface LiabilityVoucher {
  amountCents: number;
  issuedAt: Date;
  redeemedAt: Date | null;
  expiresAt: Date | null;
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The liability of issued vouchers at `now`, in dollars: per month (UTC) the value issued,
 * redeemed and expired unredeemed (in the month of its expiry, once that has passed), with the
 * outstanding value at the month's end; and `outstanding`, what they are all still worth now.
 * Months with no movement are left out.
 */
export function liabilityByMonth(vouchers: LiabilityVoucher[], now: number) {
  const months = new Map<string, { issued: number; redeemed: number; expired: number }>();
  const at = (date: Date) => {
    const month = monthOf(date);
    let m = months.get(month);
    if (!m) months.set(month, (m = { issued: 0, redeemed: 0, expired: 0 }));
    return m;
  };
  let unspent = 0;
  for (const v of vouchers) {
    at(v.issuedAt).issued += v.amountCents;
    if (v.redeemedAt) at(v.redeemedAt).redeemed += v.amountCents;
    else if (v.expiresAt && v.expiresAt.getTime() <= now) at(v.expiresAt).expired += v.amountCents;
    else unspent += v.amountCents;
  }
  let outstanding = 0;
  const byMonth = [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, m]): LiabilityMonth => {
      outstanding += m.issued - m.redeemed - m.expired;
      return {
        month,
        issued: centsToDollars(m.issued),
        redeemed: centsToDollars(m.redeemed),
        expired: centsToDollars(m.expired),
        outstanding: centsToDollars(outstanding),
      };
    });
  return { months: byMonth, outstanding: centsToDollars(unspent) };
}

/** `liabilityByMonth` of every issued voucher. */
export async function voucherLiability(db: Db, now: number) {
  const rows = await db
    .select({
      amountCents: giftVouchers.amountCents,
      issuedAt: giftVouchers.issuedAt,
      redeemedAt: giftVouchers.redeemedAt,
      expiresAt: giftVouchers.expiresAt,
    })
    .from(giftVouchers)
    .where(isNotNull(giftVouchers.issuedAt));
  return liabilityByMonth(
    rows.flatMap((r) => (r.issuedAt ? [{ ...r, issuedAt: r.issuedAt }] : [])),
    now,
  );
}
