import { describe, expect, it } from "vitest";

import {
  anonymous,
  json,
  memberRequest,
  outcome,
  sessionOf,
  settle,
  signedIn,
  type UpstreamCall,
} from "~/test/member-upstream";

import { action } from "./vouchers";

const SITE = "https://dovetail.example";
const page = (fields: Record<string, unknown>) => ({
  data: {
    id: 1,
    name: "gift-vouchers",
    slug: "gift-vouchers",
    updated_at: "2026-11-25T00:00:00Z",
    url: "gift-vouchers",
    title: "Gift vouchers",
    rows: [
      {
        blocks: [
          {
            id: "b",
            sort: 1,
            deleted: false,
            widgets: [{ id: "w1", type: "core/gift_voucher_purchase", sort: 1, deleted: false, fields }],
          },
        ],
      },
    ],
    pageContents: [],
  },
});

function cms(payment: string, widgetFields: Record<string, unknown> = { amounts: "50|100" }) {
  return (call: UpstreamCall) => {
    if (call.path.startsWith("/api/v1/cognito/page/")) return json(page(widgetFields));
    if (call.path.endsWith("/giftVoucher/payNow")) return json({ success: true, message: "ok", payment });
    if (call.path.endsWith("/giftVoucher/redeem")) {
      return (call.body as { code: string }).code === "GOODGOODGOOD"
        ? json({ success: true, message: "ok", amount: 100 })
        : json({ success: false, message: "This voucher has already been redeemed", status: 400 }, 400);
    }
    return json({ message: "Not found", status: 404 }, 404);
  };
}

const buy = { intent: "buy", page: "/gift-vouchers", widget: "w1", theme_id: "1", email: "sam@example.com" };

async function post(fields: Record<string, string>, answer: (call: UpstreamCall) => Response, session = anonymous) {
  const { request, context, calls } = memberRequest("/vouchers", fields, session, answer, { "accept-language": "en" });
  return { ...(await outcome(await settle(() => action({ request, context, params: {} })))), calls };
}

describe("POST /vouchers", () => {
  it("refuses a zero amount: back to the page with the error next to the amount, nothing bought", async () => {
    const res = await post({ ...buy, amount: "custom", custom_amount: "0" }, cms(`${SITE}/pay/x`));
    expect(res.status).toBe(303);
    expect(res.response!.headers.get("location")).toBe("/gift-vouchers#voucher-w1");
    const flash = (await sessionOf(res.response!)).get("voucher") as {
      errors: Record<string, string[]>;
      values: Record<string, string>;
    };
    expect(flash.errors.amount).toEqual(["voucher.errors.amount"]);
    expect(flash.values.email).toBe("sam@example.com");
    expect(flash.values).not.toHaveProperty("csrf");
    expect(res.calls.some((c) => c.path.endsWith("/payNow"))).toBe(false);
  });

  it("buys: payNow with the amount in dollars and the page as the return, then 303 to the gateway", async () => {
    const res = await post({ ...buy, amount: "100.00" }, cms(`${SITE}/pay/abc`));
    expect(res.status).toBe(303);
    expect(res.response!.headers.get("location")).toBe(`${SITE}/pay/abc`);
    const sent = res.calls.find((c) => c.path.endsWith("/payNow"))!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ theme_id: 1, amount: 100, email: "sam@example.com" });
    expect(Buffer.from(String(sent.url), "base64").toString()).toBe(`${SITE}/gift-vouchers`);
  });

  it("goes to the gateway only at the CMS's origin under /pay/", async () => {
    for (const payment of [
      "https://evil.example/pay/abc",
      `${SITE}/login`,
      "javascript:alert(1)",
      "//evil.example/pay/x",
    ]) {
      const res = await post({ ...buy, amount: "50" }, cms(payment));
      expect(res.status, payment).toBe(303);
      expect(res.response!.headers.get("location"), payment).toBe("/gift-vouchers#voucher-w1");
      const flash = (await sessionOf(res.response!)).get("voucher") as { errors: Record<string, string[]> };
      expect(flash.errors[""]).toEqual(["voucher.errors.failed"]);
    }
  });

  it("refuses an amount the widget does not offer when custom amounts are off", async () => {
    const res = await post(
      { ...buy, amount: "custom", custom_amount: "75" },
      cms(`${SITE}/pay/abc`, { amounts: "50|100", allow_custom_amounts: false }),
    );
    const flash = (await sessionOf(res.response!)).get("voucher") as { errors: Record<string, string[]> };
    expect(flash.errors.amount).toEqual(["voucher.errors.amountNotOffered"]);
  });

  it("redeem while signed out goes to sign-in and back to the redeem form", async () => {
    const res = await post({ intent: "redeem", page: "/gift-vouchers", widget: "w1", code: "X" }, cms(""));
    expect(res.status).toBe(303);
    expect(res.response!.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/gift-vouchers?voucher=redeem")}`,
    );
    expect(res.calls.some((c) => c.path.endsWith("/redeem"))).toBe(false);
  });

  it("redeems to /profile with a toast; a refused code comes back in the error box", async () => {
    const ok = await post(
      { intent: "redeem", page: "/gift-vouchers", widget: "w1", code: "GOODGOODGOOD" },
      cms(""),
      signedIn,
    );
    expect(ok.response!.headers.get("location")).toBe("/profile");
    expect((await sessionOf(ok.response!)).get("toast")?.message).toBe("$100.00 has been added to your credit.");
    const used = await post(
      { intent: "redeem", page: "/gift-vouchers", widget: "w1", code: "USEDUSEDUSED" },
      cms(""),
      signedIn,
    );
    expect(used.response!.headers.get("location")).toBe("/gift-vouchers?voucher=redeem#voucher-w1");
    const flash = (await sessionOf(used.response!)).get("voucher") as { errors: Record<string, string[]> };
    expect(flash.errors[""]).toEqual(["This voucher has already been redeemed"]);
  });
});
