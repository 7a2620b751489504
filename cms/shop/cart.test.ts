/**
 * The shop's cart calls (docs/shop.md) through the API: SKUs of a product, adding, changing and
 * removing lines, refused quantities, other people's carts, merging, prices worked out per call
 * (promotion codes, shipping), the shipping quote and the shop closed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setSiteSettings } from "../accounts/test-support";
import { API, openShopWorld, type ShopWorld } from "./test-support";

describe("the shop's cart (pglite)", () => {
  let w: ShopWorld;
  beforeAll(async () => {
    w = await openShopWorld("pglite", "shop-cart");
  });
  afterAll(async () => {
    await w?.close();
  });

  const add = (body: Record<string, unknown>, token?: string) => w.api.post(`${API}/cart/cartAdd`, body, token);

  it("answers a product's SKUs with add-ons, stock and what can be bought", async () => {
    const [sku] = (await w.t.database.db.query.skus.findMany()).filter((s) => s.id === w.sku.chair);
    const res = await w.api.get(`${API}/product/${sku.productId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.skus).toEqual([
      expect.objectContaining({
        id: w.sku.chair,
        code: "DOV-MALENY-ADIRONDACK-CHAIR",
        price: 549,
        can_purchase_qty: 10,
        is_event: false,
        addons: [
          { id: w.addons.oil, name: "Timber oil care kit", price: 45 },
          { id: w.addons.cushions, name: "Outdoor cushions", price: 120 },
        ],
      }),
    ]);
    expect((await w.api.get(`${API}/product/999999`)).status).toBe(404);
  });

  it("adds to a new cart with a new key, adds again to the same line and prices it", async () => {
    // A price, subtotal or total in the body is not read.
    const first = await add({
      sku: w.sku.chair,
      qty: 2,
      addons: [w.addons.cushions, w.addons.oil],
      price: 0.01,
      subtotal: 0.02,
      total_amount: 0.02,
    });
    expect(first.body.items[0]).toMatchObject({ price: 714, subtotal: 1428 });
    expect(first.status).toBe(200);
    const key = first.body.sessionKey;
    expect(key).toMatch(/^[\w-]{43}$/);
    const again = await add({ sku: w.sku.chair, qty: "1", addons: [w.addons.oil, w.addons.cushions], session: key });
    expect(again.body.sessionKey).toBe(key);
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0]).toMatchObject({
      qty: 3,
      price: 714,
      subtotal: 2142,
      url: "/shop/chairs/maleny-adirondack-chair",
    });
    await add({ sku: w.sku.chair, qty: 1, addons: [], session: key });
    const cart = await w.api.post(`${API}/cart/getCart`, { session: key });
    expect(cart.body).toMatchObject({ item_count: 4, subtotal: 2691, total_amount: 2691, total_tax: 244.64 });
    expect(cart.body.items).toHaveLength(2);
  });

  it("refuses quantities that are not whole numbers from 1 to 99, or past the stock", async () => {
    for (const qty of [0, -1, 1.5, 100, 1e9, "abc", true, null]) {
      const res = await add({ sku: w.sku.chair, qty });
      expect(res.status, String(qty)).toBe(400);
      expect(Object.keys(res.body.errors), String(qty)).toEqual(["qty"]);
    }
    const res = await add({ sku: w.sku.stool, qty: 4 });
    expect(res.status).toBe(400);
    expect(res.body.errors.qty).toEqual(["must be at most 3"]);
    const ok = await add({ sku: w.sku.stool, qty: 3 });
    const past = await add({ sku: w.sku.stool, qty: 1, session: ok.body.sessionKey });
    expect(past.status).toBe(400);
    for (const qty of [0, -1, 1.5, 100, "abc"]) {
      const res = await w.api.post(`${API}/cart/cartUpdate`, {
        id: ok.body.items[0].id,
        qty,
        session: ok.body.sessionKey,
      });
      expect(res.status, String(qty)).toBe(400);
    }
    const update = await w.api.post(`${API}/cart/cartUpdate`, {
      id: ok.body.items[0].id,
      qty: 4,
      session: ok.body.sessionKey,
    });
    expect(update.status).toBe(400);
    expect((await add({ sku: w.sku.chair, qty: 1, addons: [999999] })).status).toBe(400);
    expect((await add({ sku: 999999, qty: 1 })).status).toBe(400);
    expect((await add({ sku: w.sku.chair, qty: 1, session: "not-a-key" })).status).toBe(400);
  });

  it("keeps other carts' lines out of reach", async () => {
    const mine = await add({ sku: w.sku.chair, qty: 1 });
    const theirs = await add({ sku: w.sku.chair, qty: 1 });
    const lineOfTheirs = theirs.body.items[0].id;
    for (const call of ["cartUpdate", "cartRemove"]) {
      const res = await w.api.post(`${API}/cart/${call}`, { id: lineOfTheirs, qty: 2, session: mine.body.sessionKey });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Cart item not found");
    }
    const alex = await w.member();
    const memberCart = await add({ sku: w.sku.chair, qty: 2 }, alex.token);
    const peek = await w.api.post(`${API}/cart/getCart`, { session: memberCart.body.sessionKey });
    expect(peek.body).toMatchObject({ item_count: 0, items: [], sessionKey: "" });
    const res = await w.api.post(`${API}/cart/cartRemove`, {
      id: memberCart.body.items[0].id,
      session: memberCart.body.sessionKey,
    });
    expect(res.status).toBe(404);
    const still = await w.api.post(`${API}/cart/getCart`, {}, alex.token);
    expect(still.body.item_count).toBe(2);
  });

  it("changes and removes lines, and an emptied cart answers no key", async () => {
    const cart = await add({ sku: w.sku.chair, qty: 1 });
    const key = cart.body.sessionKey;
    const id = cart.body.items[0].id;
    const updated = await w.api.post(`${API}/cart/cartUpdate`, { id, qty: 5, session: key });
    expect(updated.body.items[0].qty).toBe(5);
    const removed = await w.api.post(`${API}/cart/cartRemove`, { id, session: key });
    expect(removed.body).toMatchObject({ item_count: 0, items: [], sessionKey: "" });
  });

  it("merges an anonymous cart into the member's, capped at the stock", async () => {
    const sam = await w.member("Sam");
    await add({ sku: w.sku.stool, qty: 2 }, sam.token);
    const anonymous = await add({ sku: w.sku.stool, qty: 2 });
    await add({ sku: w.sku.chair, qty: 1, session: anonymous.body.sessionKey });
    const merged = await w.api.post(`${API}/cart/mergeCart`, { session: anonymous.body.sessionKey }, sam.token);
    expect(merged.status).toBe(200);
    expect(merged.body.items.map((i: { sku_id: number; qty: number }) => [i.sku_id, i.qty])).toEqual([
      [w.sku.stool, 3],
      [w.sku.chair, 1],
    ]);
    const gone = await w.api.post(`${API}/cart/getCart`, { session: anonymous.body.sessionKey });
    expect(gone.body.item_count).toBe(0);
    expect((await w.api.post(`${API}/cart/mergeCart`, { session: anonymous.body.sessionKey })).status).toBe(401);
  });

  it("prices promotion codes and shipping on every call, storing nothing", async () => {
    const cart = await add({ sku: w.sku.chair, qty: 1 });
    const key = cart.body.sessionKey;
    const price = (body: Record<string, unknown>) => w.api.post(`${API}/cart/getCart`, { session: key, ...body });
    const spring = await price({
      promotion_code: "spring10",
      shipping_type: 2,
      shipping_address: { suburb: "Brisbane", postcode: "4000", country: "Australia" },
    });
    expect(spring.body).toMatchObject({
      subtotal: 549,
      promotion_code: "spring10",
      promotion_error: null,
      discount_amount: 54.9,
      shipping_type: 2,
      shipping_amount: 70,
      total_amount: 564.1,
      total_tax: 51.28,
    });
    const refusals: [string, string][] = [
      ["SUMMER25", "This promotion code has expired"],
      ["FIRSTORDER", "This promotion code has been used up"],
      ["NOSUCHCODE", "This promotion code is not valid"],
      ["WELCOME50", "Spend at least $500.00 to use this promotion code"],
    ];
    const small = await add({ sku: w.sku.stool, qty: 1 });
    for (const [code, error] of refusals) {
      const res = await w.api.post(`${API}/cart/getCart`, { session: small.body.sessionKey, promotion_code: code });
      expect(res.body, code).toMatchObject({ promotion_error: error, discount_amount: 0, total_amount: 295 });
    }
    const welcome = await price({ promotion_code: "WELCOME50" });
    expect(welcome.body).toMatchObject({ discount_amount: 50, total_amount: 499, promotion_error: null });
    const plain = await price({});
    expect(plain.body).toMatchObject({
      discount_amount: 0,
      shipping_amount: 0,
      promotion_code: null,
      total_amount: 549,
    });
  });

  it("quotes the zone a postcode falls in, then pick-up", async () => {
    const quote = (postcode: string, country = "AU") =>
      w.api.post(`${API}/cart/shippingQuote`, { suburb: "Somewhere", postcode, country });
    expect((await quote("4000")).body.data).toEqual([
      { shipping_type_id: 2, shipping_name: "Brisbane delivery", amount: 70, is_pick_up: false },
      { shipping_type_id: 10, shipping_name: "Pick-up at the Eumundi Markets", amount: 0, is_pick_up: true },
    ]);
    expect((await quote("4561", "Australia")).body.data[0]).toMatchObject({
      shipping_name: "Sunshine Coast delivery",
      amount: 40,
    });
    expect((await quote("4217")).body.data[0]).toMatchObject({ shipping_name: "Gold Coast delivery", amount: 90 });
    expect((await quote("2000")).body.data).toEqual([expect.objectContaining({ is_pick_up: true })]);
    expect((await quote("4000", "NZ")).body.data).toHaveLength(1);
    expect((await w.api.post(`${API}/cart/shippingQuote`, { suburb: "x" })).status).toBe(400);
  });

  it("answers 404 'The shop is closed' to every shop call while ecommerce is off", async () => {
    await setSiteSettings(w.t.database.db, { ecommerce: false });
    try {
      const calls = [
        w.api.get(`${API}/product/1`),
        add({ sku: w.sku.chair, qty: 1 }),
        w.api.post(`${API}/cart/getCart`, {}),
        w.api.post(`${API}/cart/shippingQuote`, { postcode: "4000", country: "AU" }),
        w.api.get(`${API}/order`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("The shop is closed");
      }
    } finally {
      await setSiteSettings(w.t.database.db, { ecommerce: true });
    }
  });
});

describe("delivery quote requests (pglite)", () => {
  let w: ShopWorld;
  beforeAll(async () => {
    w = await openShopWorld("pglite", "shop-quote-limit", { authRateLimit: 1 });
  });
  afterAll(async () => {
    await w?.close();
  });

  it("are rate-limited by e-mail address: the sixth in an hour is a 429", async () => {
    const address = {
      name: "Robin",
      email: "robin@example.com",
      street: "9 Long Road",
      suburb: "Broome",
      postcode: "6725",
      country: "Australia",
    };
    for (let i = 0; i < 5; i++) {
      expect((await w.api.post(`${API}/cart/requestShippingQuote`, { address })).status).toBe(200);
    }
    const refused = await w.api.post(`${API}/cart/requestShippingQuote`, { address });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect((await w.outbox()).filter((m) => m.subject.includes("Robin"))).toHaveLength(5);
  });
});
