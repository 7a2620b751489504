import { describe, expect, it } from "vitest";

import type { WidgetEnv } from "~/page-builder/types";
import { renderWidget, widgetOf } from "~/test/widgets";

import type { GiftVoucherData } from "./load.server";
import { chosenAmount, parseAmounts, parseDollars } from "./schema";

const TYPE = "core/gift_voucher_purchase";
const base: GiftVoucherData = {
  themes: [
    { id: 1, name: "Timber", image: null },
    { id: 2, name: "Garden", image: null },
  ],
  mode: "buy",
  page: "/gift-vouchers",
  csrf: "token-123",
  payment: null,
  bought: null,
  memberEmail: null,
  reply: null,
  surcharge: null,
};
const show = (fields: Record<string, unknown>, data: Partial<GiftVoucherData> = {}, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widgetOf(TYPE, fields, [], "v1"), { data: { ...base, ...data }, env });

describe("core/gift_voucher_purchase", () => {
  it("renders nothing without its data", () => {
    expect(renderWidget(widgetOf(TYPE, { amounts: "50|100" }), { data: null })).toBe("");
  });

  it("buy mode: themes, the amounts in dollars, a custom amount of 0, the e-mail and Pay, posting to /vouchers", () => {
    const html = show({ amounts: "50|100|200" });
    expect(html).toContain('action="/vouchers"');
    expect(html).toContain('name="csrf" value="token-123"');
    expect(html).toContain('name="intent" value="buy"');
    expect(html).toContain("Timber");
    for (const a of ["$50.00", "$100.00", "$200.00"]) expect(html).toContain(a);
    expect(html).toMatch(/name="custom_amount"[^>]*value="0.00"/);
    expect(html).toContain('type="email"');
    expect(html).toContain("data-voucher-pay");
    expect(html).toContain('data-enhance="voucher-amount"');
    expect(html).toContain('href="/gift-vouchers?voucher=redeem"');
  });

  it("says a card surcharge before Pay, and none when there is none", () => {
    expect(show({ amounts: "50|100" })).not.toContain("surcharge");
    const html = show({ amounts: "50|100" }, { surcharge: { percent: 0, fixed: 0.5 } });
    expect(html).toContain("Card payments add a surcharge of $0.50.");
    expect(html.indexOf("surcharge of")).toBeLessThan(html.indexOf("data-voucher-pay"));
  });

  it("no custom amount when not allowed", () => {
    const html = show({ amounts: "50|100", allow_custom_amounts: false });
    expect(html).not.toContain("custom_amount");
  });

  it("shows a refused post's errors next to the field, the input kept, and the CMS's message in an error box", () => {
    const html = show(
      { amounts: "50" },
      {
        reply: {
          intent: "buy",
          widget: "v1",
          values: { amount: "custom", custom_amount: "0", email: "sam@example.com" },
          errors: { amount: ["voucher.errors.amount"], "": ["Something upstream"] },
        },
      },
    );
    expect(html).toContain("Choose an amount above $0.00.");
    expect(html).toContain('value="sam@example.com"');
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*Something upstream/);
  });

  it("redeem mode: a sign-in link for a visitor, a field labelled Code for a member", () => {
    const out = show({}, { mode: "redeem" });
    expect(out).toContain(`/login?redirectTo=${encodeURIComponent("/gift-vouchers?voucher=redeem")}`);
    expect(out).not.toContain('name="code"');
    const member = show({}, { mode: "redeem" }, { signedIn: true });
    expect(member).toMatch(/<label[^>]*>Code<\/label>/);
    expect(member).toContain('name="intent" value="redeem"');
  });

  it("the payment's return: Payment Successful or Payment Failed", () => {
    const paid = show({}, { payment: "paid" });
    expect(paid).toContain("Payment Successful");
    expect(paid).toContain("Please check your email for your receipt");
    expect(show({}, { payment: "failed" })).toContain("Payment Failed");
  });
});

describe("voucher amounts", () => {
  it("parses the widget's list and typed dollars", () => {
    expect(parseAmounts("50|100| 200|x|0|100")).toEqual([50, 100, 200]);
    expect(parseDollars("12.50")).toBe(12.5);
    expect(parseDollars("$7")).toBe(7);
    expect(parseDollars("1.234")).toBeNull();
    expect(chosenAmount({ amount: "custom", custom_amount: "0" })).toBe(0);
    expect(chosenAmount({ amount: "100.00" })).toBe(100);
  });
});
