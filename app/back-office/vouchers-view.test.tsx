import { readFileSync } from "node:fs";

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { SoldVoucher } from "@contract/admin-sales";

import { BackOfficeText } from "./text";
import { LiabilityReport, SoldVouchersTable } from "./vouchers-view";

const messages = JSON.parse(readFileSync(new URL("../../locales/en/cms.json", import.meta.url), "utf8"));
const inEnglish = (node: ReactNode) =>
  renderToString(
    <BackOfficeText lng="en" messages={messages}>
      {node}
    </BackOfficeText>,
  ).replace(/<!-- -->/g, "");

const base: SoldVoucher = {
  id: 1,
  code: "ABCDEFGHJKMN",
  amount_cents: 125_000,
  theme: "Timber",
  buyer_email: "gift@example.com",
  status: "issued",
  paid: true,
  created_at: "2026-03-01T00:00:00.000Z",
  expires_at: "2029-03-09T20:00:00.000Z",
  balance_cents: 125_000,
  redeemed_at: null,
  redeemed_by: null,
};

const cells = (html: string) =>
  [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]+>/g, "|").replace(/\s+/g, " "));

describe("SoldVouchersTable", () => {
  it("shows each voucher's state, expiry on the site's clock, balance in the shared money format and redemption", () => {
    const html = inEnglish(
      <SoldVouchersTable
        lng="en"
        zone="Australia/Sydney"
        vouchers={[
          base,
          { ...base, id: 2, status: "expired", balance_cents: 0, expires_at: "2026-06-01T00:00:00.000Z" },
          {
            ...base,
            id: 3,
            status: "redeemed",
            balance_cents: 0,
            redeemed_at: "2026-06-15T08:30:00.000Z",
            redeemed_by: { id: 7, email: "mo@example.com", name: "Mo Member" },
          },
          { ...base, id: 4, status: "issued", expires_at: null, amount_cents: 700, balance_cents: 700 },
          { ...base, id: 5, code: null, status: "pending", paid: false, expires_at: null, balance_cents: 0 },
        ]}
      />,
    );
    const rows = cells(html);
    expect(rows.slice(4, 8)).toEqual(["Issued", "10 March 2029", "$1,250.00", "Not yet"]);
    expect(rows.slice(12, 16)).toEqual(["Expired", "1 June 2026", "$0.00", "—"]);
    expect(rows.slice(20, 24)).toEqual([
      "Redeemed",
      "10 March 2029",
      "$0.00",
      "|Jun 15, 2026, 6:30 PM||Mo Member · mo@example.com|",
    ]);
    expect(rows.slice(28, 31)).toEqual(["Issued", "No expiry", "$7.00"]);
    expect(rows.slice(36, 39)).toEqual(["Waiting for payment", "—", "$0.00"]);
    expect(rows[1]).toBe("$1,250.00");
  });
});

describe("LiabilityReport", () => {
  it("shows what is outstanding now above the months, with the expired column", () => {
    const html = inEnglish(
      <LiabilityReport
        liability={{
          months: [{ month: "2026-06", issued: 0, redeemed: 30, expired: 1234.5, outstanding: 57 }],
          outstanding: 57,
        }}
      />,
    );
    expect(html).toContain("Outstanding now: $57.00");
    expect(html.indexOf("Outstanding now")).toBeLessThan(html.indexOf("<table"));
    expect(html).toContain("<th>Expired</th>");
    expect(cells(html)).toEqual(["2026-06", "$0.00", "$30.00", "$1,234.50", "$57.00"]);
  });

  it("says so when no voucher was issued", () => {
    expect(inEnglish(<LiabilityReport liability={{ months: [], outstanding: 0 }} />)).toContain(
      "No voucher has been issued yet.",
    );
  });
});
