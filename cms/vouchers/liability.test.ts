/** A voucher's state and balance at a moment, and the liability by month with what expired (no database). */
import { describe, expect, it } from "vitest";

import { liabilityByMonth, voucherBalanceCents, voucherState } from "./service";

const at = (iso: string) => new Date(iso);
const NOW = Date.parse("2026-11-25T09:00:00Z");

describe("voucherState and voucherBalanceCents", () => {
  const issued = { status: "issued", amountCents: 4000, expiresAt: at("2026-11-25T09:00:00Z") };

  it("an issued voucher is worth its amount until its expiry, and nothing from that moment on", () => {
    expect(voucherState(issued, NOW - 1)).toBe("issued");
    expect(voucherBalanceCents(issued, NOW - 1)).toBe(4000);
    expect(voucherState(issued, NOW)).toBe("expired");
    expect(voucherBalanceCents(issued, NOW)).toBe(0);
  });

  it("one without an expiry (sold before expiries) never expires", () => {
    const old = { ...issued, expiresAt: null };
    expect(voucherState(old, Date.parse("2099-01-01T00:00:00Z"))).toBe("issued");
    expect(voucherBalanceCents(old, Date.parse("2099-01-01T00:00:00Z"))).toBe(4000);
  });

  it("a redeemed voucher stays redeemed past its expiry, and a pending one is worth nothing", () => {
    expect(voucherState({ ...issued, status: "redeemed" }, NOW + 1)).toBe("redeemed");
    expect(voucherBalanceCents({ ...issued, status: "redeemed" }, NOW - 1)).toBe(0);
    expect(voucherState({ ...issued, status: "pending", expiresAt: null }, NOW)).toBe("pending");
    expect(voucherBalanceCents({ ...issued, status: "pending", expiresAt: null }, NOW)).toBe(0);
  });
});

describe("liabilityByMonth", () => {
  const vouchers = [
    // Redeemed in March, before its (past) expiry: a redemption, never an expiry.
    {
      amountCents: 2000,
      issuedAt: at("2026-01-31T23:59:59Z"),
      redeemedAt: at("2026-03-02T00:00:00Z"),
      expiresAt: at("2026-04-01T00:00:00Z"),
    },
    // Lapsed unredeemed on 1 April: leaves the liability in April.
    {
      amountCents: 1250,
      issuedAt: at("2026-03-01T00:00:00Z"),
      redeemedAt: null,
      expiresAt: at("2026-04-01T00:00:00Z"),
    },
    // Expires in 2029: outstanding, and its expiry month is not reported yet.
    { amountCents: 999, issuedAt: at("2026-03-15T12:00:00Z"), redeemedAt: null, expiresAt: at("2029-03-15T12:00:00Z") },
    // No expiry: outstanding for good.
    { amountCents: 500, issuedAt: at("2025-12-05T00:00:00Z"), redeemedAt: null, expiresAt: null },
    // Expires at this very moment: expired now.
    { amountCents: 300, issuedAt: at("2026-10-25T09:00:00Z"), redeemedAt: null, expiresAt: at("2026-11-25T09:00:00Z") },
  ];

  it("sums issued, redeemed and expired per UTC month in dollars, with the outstanding at each month's end", () => {
    expect(liabilityByMonth(vouchers, NOW)).toEqual({
      months: [
        { month: "2025-12", issued: 5, redeemed: 0, expired: 0, outstanding: 5 },
        { month: "2026-01", issued: 20, redeemed: 0, expired: 0, outstanding: 25 },
        { month: "2026-03", issued: 22.49, redeemed: 20, expired: 0, outstanding: 27.49 },
        { month: "2026-04", issued: 0, redeemed: 0, expired: 12.5, outstanding: 14.99 },
        { month: "2026-10", issued: 3, redeemed: 0, expired: 0, outstanding: 17.99 },
        { month: "2026-11", issued: 0, redeemed: 0, expired: 3, outstanding: 14.99 },
      ],
      outstanding: 14.99,
    });
  });

  it("counts an expiry only once it has passed", () => {
    const before = liabilityByMonth(vouchers, NOW - 1);
    expect(before.months.at(-1)).toEqual({ month: "2026-10", issued: 3, redeemed: 0, expired: 0, outstanding: 17.99 });
    expect(before.outstanding).toBe(17.99);
    const later = liabilityByMonth(vouchers, Date.parse("2030-01-01T00:00:00Z"));
    expect(later.months.at(-1)).toEqual({ month: "2029-03", issued: 0, redeemed: 0, expired: 9.99, outstanding: 5 });
    expect(later.outstanding).toBe(5);
  });

  it("is empty with no voucher issued", () => {
    expect(liabilityByMonth([], NOW)).toEqual({ months: [], outstanding: 0 });
  });
});
