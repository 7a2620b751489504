import { describe, expect, it } from "vitest";

import { CSRF, json, memberRequest, outcome, sessionOf, settle, type UpstreamCall } from "~/test/member-upstream";

import { cartAction, productReturn } from "./cart-action.server";
import { qtySchema } from "./cart-schemas";
import { shopOpen } from "./gate.server";

const KEY = "k".repeat(43);
const cart = (over: Record<string, unknown> = {}) => ({
  item_count: 2,
  items: [],
  subtotal: 100,
  sessionKey: KEY,
  all_in_stock: true,
  promotion_code: "",
  promotion_error: "",
  discount_amount: 0,
  shipping_type: null,
  shipping_amount: 0,
  total_amount: 100,
  total_tax: 9.09,
  payment_types: [],
  ...over,
});

/** A CMS with the shop open (or closed) that answers every cart call with `answer`. */
function cms(open: boolean, answer: (call: UpstreamCall) => Response = () => json(cart())) {
  return (call: UpstreamCall) => {
    if (call.path.endsWith("/domain/currentDomain")) return json({ data: { name: "Dovetail", ecommerce: open } });
    if (call.path.startsWith("/api/v1/sell/")) return answer(call);
    return json({ message: "Not found", status: 404 }, 404);
  };
}

async function post(fields: Record<string, string>, upstream = cms(true), session: Record<string, unknown> = {}) {
  const { request, context, calls } = memberRequest("/cart", fields, { csrf: CSRF, ...session }, upstream, {
    "accept-language": "en",
  });
  let result: unknown;
  try {
    result = await settle(() => cartAction(request, context));
  } catch (thrown) {
    result = thrown;
  }
  return { ...(await outcome(result)), calls };
}

describe("the cart's quantity", () => {
  it("is a whole number from 1 to 99", () => {
    for (const bad of [-1, 0, 1.5, 100, 1e9, Number.NaN])
      expect(qtySchema.safeParse(bad).success, String(bad)).toBe(false);
    for (const good of [1, 42, 99]) expect(qtySchema.safeParse(good).success).toBe(true);
  });
});

describe("POST /cart", () => {
  it("is the site's 404 with the shop closed, and asks nothing of the cart", async () => {
    const res = await post({ intent: "add", sku: "1", qty: "1" }, cms(false));
    expect(res.status).toBe(404);
    expect(res.calls.some((c) => c.path.startsWith("/api/v1/sell/"))).toBe(false);
  });

  it("refuses negative, zero, fractional and huge quantities next to the field, the input kept", async () => {
    for (const qty of ["-1", "0", "1.5", "100", "99999999999999999999", "two"]) {
      const res = await post({ intent: "update", id: "5", qty });
      expect(res.status, qty).toBe(400);
      const body = res.body as {
        intent: string;
        id: number;
        reply: { error: Record<string, string[]>; initialValue: Record<string, string> };
      };
      expect(body.intent).toBe("update");
      expect(body.id).toBe(5);
      expect(body.reply.error.qty).toEqual(["shop.errors.qty"]);
      expect(body.reply.initialValue.qty).toBe(qty);
      expect(res.calls.some((c) => c.path.endsWith("/cartUpdate"))).toBe(false);
    }
  });

  it("adds: sends only the SKU, quantity and add-ons (never a price), keeps the CMS's key and count", async () => {
    const res = await post({
      intent: "add",
      sku: "3",
      qty: "2",
      addons: "7",
      price: "0.01",
      back: "/catalogue/bar-settings/noosa-bar-setting",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/catalogue/bar-settings/noosa-bar-setting");
    const sent = res.calls.find((c) => c.path.endsWith("/cartAdd"))!.body;
    expect(sent).toEqual({ sku: 3, qty: 2, addons: [7], session: "" });
    const session = await sessionOf(res.response!);
    expect(session.get("cartSession")).toBe(KEY);
    expect(session.get("cartCount")).toBe(2);
    expect(session.get("toast")).toMatchObject({ kind: "success", message: "Added to your cart" });
  });

  it("refuses a bad quantity to add: back to the product, the typed quantity and the error flashed", async () => {
    const res = await post({ intent: "add", sku: "3", qty: "1.5", back: "/catalogue/a/b" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/catalogue/a/b");
    expect((await sessionOf(res.response!)).get("cartAdd")).toEqual({
      sku: "3",
      qty: "1.5",
      error: "Enter a whole number from 1 to 99.",
    });
    expect(res.calls.some((c) => c.path.endsWith("/cartAdd"))).toBe(false);
  });

  it("goes back after an add only to a catalogue page of this site", () => {
    expect(productReturn("/catalogue/a/b")).toBe("/catalogue/a/b");
    expect(productReturn("https://evil.example/catalogue/a")).toBe("/cart");
    expect(productReturn("//evil.example/catalogue")).toBe("/cart");
    expect(productReturn("/login")).toBe("/cart");
  });

  it("never sends a key the CMS did not make (an older session's UUID)", async () => {
    const res = await post({ intent: "remove", id: "4" }, cms(true), {
      cartSession: "0b1e6a3c-0000-4000-8000-000000000000",
    });
    expect(res.calls.find((c) => c.path.endsWith("/cartRemove"))!.body).toEqual({ id: 4, session: "" });
  });

  it("keeps a refused promotion code in the field with the CMS's reason, and does not apply it", async () => {
    const upstream = cms(true, () => json(cart({ promotion_error: "This promotion code has expired" })));
    const res = await post({ intent: "promo", code: "SUMMER25" }, upstream, {
      cartSession: KEY,
      cartPromo: "SPRING10",
    });
    expect(res.status).toBe(400);
    const body = res.body as { reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(body.reply.error.code).toEqual(["This promotion code has expired"]);
    expect(body.reply.initialValue.code).toBe("SUMMER25");
  });

  it("applies a good code for the next pricing: the session keeps it", async () => {
    const res = await post({ intent: "promo", code: "SPRING10" }, cms(true), { cartSession: KEY });
    expect(res.status).toBe(303);
    expect((await sessionOf(res.response!)).get("cartPromo")).toBe("SPRING10");
  });

  it("puts the CMS's stock refusal next to the quantity", async () => {
    const upstream = cms(true, () =>
      json({ message: "The given data was invalid", status: 400, errors: { qty: ["only 3 left"] } }, 400),
    );
    const res = await post({ intent: "update", id: "5", qty: "50" }, upstream, { cartSession: KEY });
    expect(res.status).toBe(400);
    expect((res.body as { reply: { error: Record<string, string[]> } }).reply.error.qty).toEqual([
      "That many are not in stock.",
    ]);
  });
});

describe("the shop's gate", () => {
  it("reads the ecommerce setting", async () => {
    for (const open of [true, false]) {
      const { context } = memberRequest("/cart", null, {}, cms(open));
      expect(await shopOpen(context)).toBe(open);
    }
  });
});
