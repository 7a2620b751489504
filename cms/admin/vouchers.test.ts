/** The back-office's gift vouchers: the sold ones, found by code or buyer, and the liability. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { voucherThemes } from "../db/schema";
import { createPendingVoucher, issueVoucher } from "../vouchers/service";
import { type AdminHarness, adminHarness } from "./test-support";

let h: AdminHarness;
let code: string;

beforeAll(async () => {
  h = await adminHarness("pglite", "admin-vouchers");
  const [theme] = await h.db.insert(voucherThemes).values({ name: "Timber" }).returning();
  // One bought (its payment fulfilled, so issued with a code), one still waiting for its payment.
  const bought = await createPendingVoucher(h.db, {
    themeId: theme.id,
    amountCents: 5000,
    buyerEmail: "gift@example.com",
  });
  code = (await issueVoucher(h.db, bought.id, Date.parse("2026-03-10T00:00:00Z"))) ?? "";
  await createPendingVoucher(h.db, { themeId: theme.id, amountCents: 2500, buyerEmail: "later@example.com" });
}, 60_000);

afterAll(async () => {
  await h?.t.dispose();
});

describe("admin vouchers", () => {
  it("lists the sold vouchers newest first, with theme, buyer and payment state", async () => {
    const res = await h.call("/voucher", {});
    expect(res.status).toBe(200);
    expect(res.body.num_items).toBe(2);
    const [pending, issued] = res.body.data;
    expect(pending).toMatchObject({ buyer_email: "later@example.com", paid: false, code: null });
    expect(issued).toMatchObject({
      code,
      amount_cents: 5000,
      theme: "Timber",
      buyer_email: "gift@example.com",
      paid: true,
      redeemed_at: null,
    });
  });

  it("finds a voucher by its code or its buyer", async () => {
    const byCode = await h.call("/voucher", { q: code.slice(2, 8).toLowerCase() });
    expect(byCode.body.data.map((v: { code: string }) => v.code)).toEqual([code]);
    const byBuyer = await h.call("/voucher", { q: "LATER@" });
    expect(byBuyer.body.data).toHaveLength(1);
    expect(byBuyer.body.data[0].amount_cents).toBe(2500);
    expect((await h.call("/voucher", { q: "nobody" })).body.num_items).toBe(0);
  });

  it("reports the outstanding value by month", async () => {
    const res = await h.call("/voucher/liability", {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ month: "2026-03", issued: 50, redeemed: 0, outstanding: 50 }]);
  });

  it("refuses a member and a bad body", async () => {
    expect((await h.call("/voucher", {}, "member")).status).toBe(403);
    expect((await h.call("/voucher/liability", {}, "member")).status).toBe(403);
    expect((await h.call("/voucher", { page: 0 })).status).toBe(400);
  });
});
