/**
 * The back-office's gift vouchers: the sold ones, found by code or buyer, each with its state,
 * expiry, balance and redemption at the CMS's clock, and the liability with what expired.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { giftVouchers, voucherThemes } from "../db/schema";
import { createPendingVoucher, issueVoucher, redeemVoucher } from "../vouchers/service";
import { type AdminHarness, adminHarness } from "./test-support";

let h: AdminHarness;
const codes: Record<string, string> = {};
const at = (iso: string) => Date.parse(iso);

type Listed = { code: string | null; buyer_email: string } & Record<string, unknown>;
const byBuyer = (data: Listed[]) => Object.fromEntries(data.map((v) => [v.buyer_email.split("@")[0], v]));

beforeAll(async () => {
  h = await adminHarness("pglite", "admin-vouchers");
  const [theme] = await h.db.insert(voucherThemes).values({ name: "Timber" }).returning();
  // The harness's clock (the CMS's now) is 2026-11-25. Each voucher is issued at a date of its own:
  const sell = async (buyer: string, amountCents: number, issuedAt?: string, months?: number) => {
    const v = await createPendingVoucher(h.db, { themeId: theme.id, amountCents, buyerEmail: `${buyer}@example.com` });
    if (issuedAt) codes[buyer] = (await issueVoucher(h.db, v.id, at(issuedAt), months)) ?? "";
    return v;
  };
  // one issued before vouchers had an expiry,
  const old = await sell("old", 700, "2026-01-20T00:00:00Z");
  await h.db.update(giftVouchers).set({ expiresAt: null }).where(eq(giftVouchers.id, old.id));
  // one bought (three years to use it),
  await sell("gift", 5000, "2026-03-10T00:00:00Z");
  // one redeemed by the member in June,
  await sell("used", 3000, "2026-04-02T00:00:00Z");
  await redeemVoucher(h.db, codes.used, h.member.id, at("2026-06-15T08:30:00Z"));
  // one that lapsed unredeemed on 1 June (a month's expiry),
  await sell("lapsed", 1000, "2026-05-01T00:00:00Z", 1);
  // and one still waiting for its payment.
  await sell("later", 2500);
}, 60_000);

afterAll(async () => {
  await h?.t.dispose();
});

describe("admin vouchers", () => {
  it("lists the sold vouchers newest first, with theme, buyer and payment state", async () => {
    const res = await h.call("/voucher", {});
    expect(res.status).toBe(200);
    expect(res.body.num_items).toBe(5);
    expect(res.body.data.map((v: Listed) => v.buyer_email)).toEqual([
      "later@example.com",
      "lapsed@example.com",
      "used@example.com",
      "gift@example.com",
      "old@example.com",
    ]);
    const { later, gift } = byBuyer(res.body.data);
    expect(later).toMatchObject({ paid: false, code: null, amount_cents: 2500 });
    expect(gift).toMatchObject({ code: codes.gift, amount_cents: 5000, theme: "Timber", paid: true });
  });

  it("gives each voucher its state, expiry, balance and redemption at the CMS's now", async () => {
    const { old, gift, used, lapsed, later } = byBuyer((await h.call("/voucher", {})).body.data);
    const none = { redeemed_at: null, redeemed_by: null };
    expect(gift).toMatchObject({
      status: "issued",
      expires_at: "2029-03-10T00:00:00.000Z",
      balance_cents: 5000,
      ...none,
    });
    expect(old).toMatchObject({ status: "issued", expires_at: null, balance_cents: 700, ...none });
    expect(used).toMatchObject({
      status: "redeemed",
      expires_at: "2029-04-02T00:00:00.000Z",
      balance_cents: 0,
      redeemed_at: "2026-06-15T08:30:00.000Z",
      redeemed_by: { id: h.member.id, email: "member@example.com", name: "Mo" },
    });
    expect(lapsed).toMatchObject({
      status: "expired",
      expires_at: "2026-06-01T00:00:00.000Z",
      balance_cents: 0,
      ...none,
    });
    expect(later).toMatchObject({ status: "pending", expires_at: null, balance_cents: 0, ...none });
  });

  it("finds a voucher by its code or its buyer", async () => {
    const byCode = await h.call("/voucher", { q: codes.gift.slice(2, 8).toLowerCase() });
    expect(byCode.body.data.map((v: Listed) => v.code)).toEqual([codes.gift]);
    const found = await h.call("/voucher", { q: "LATER@" });
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0].amount_cents).toBe(2500);
    expect((await h.call("/voucher", { q: "nobody" })).body.num_items).toBe(0);
  });

  it("reports by month what was issued, redeemed and expired, and what is outstanding now", async () => {
    const res = await h.call("/voucher/liability", {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { month: "2026-01", issued: 7, redeemed: 0, expired: 0, outstanding: 7 },
        { month: "2026-03", issued: 50, redeemed: 0, expired: 0, outstanding: 57 },
        { month: "2026-04", issued: 30, redeemed: 0, expired: 0, outstanding: 87 },
        { month: "2026-05", issued: 10, redeemed: 0, expired: 0, outstanding: 97 },
        { month: "2026-06", issued: 0, redeemed: 30, expired: 10, outstanding: 57 },
      ],
      outstanding: 57,
    });
  });

  it("lets a voucher lapse when the clock passes its expiry; one without an expiry stays", async () => {
    const now = h.clock.now();
    h.clock.set(at("2029-03-10T00:00:00Z"));
    try {
      const { gift, old } = byBuyer((await h.call("/voucher", {})).body.data);
      expect(gift).toMatchObject({ status: "expired", balance_cents: 0, redeemed_at: null });
      expect(old).toMatchObject({ status: "issued", balance_cents: 700 });
      const report = (await h.call("/voucher/liability", {})).body;
      expect(report.data.at(-1)).toEqual({ month: "2029-03", issued: 0, redeemed: 0, expired: 50, outstanding: 7 });
      expect(report.outstanding).toBe(7);
    } finally {
      h.clock.set(now);
    }
  });

  it("refuses a member and a bad body", async () => {
    expect((await h.call("/voucher", {}, "member")).status).toBe(403);
    expect((await h.call("/voucher/liability", {}, "member")).status).toBe(403);
    expect((await h.call("/voucher", { page: 0 })).status).toBe(400);
  });
});
