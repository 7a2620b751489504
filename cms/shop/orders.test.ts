/**
 * Orders through the API on both drivers (the races matter on PostgreSQL): a tampered price
 * changes nothing, refused promotion codes write nothing, one order per idempotency key under
 * parallel submits, stock never below zero under parallel checkouts, another member's order is a
 * 404, and the payment round trip through the test gateway marks the order paid once, issues the
 * workshop's tickets and mails the invoice to the member and the business.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { orders, promotionCodes, skus } from "../db/schema";
import { drivers } from "../test/databases";
import { ADDRESS, API, cookieOf, csrfOf, openShopWorld, type ShopWorld, SITE } from "./test-support";

const b64 = (text: string) => Buffer.from(text).toString("base64");

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`shop orders — ${driver.title}`, () => {
    let w: ShopWorld;
    let keys = 0;
    beforeAll(async () => {
      w = await openShopWorld(driver.name, "shop-orders");
    });
    afterAll(async () => {
      await w?.close();
    });

    const stockOf = async (id: number) => (await w.t.database.db.select().from(skus).where(eq(skus.id, id)))[0].stock;
    const setStock = (id: number, stock: number) => w.t.database.db.update(skus).set({ stock }).where(eq(skus.id, id));
    const fill = (token: string, sku: number, qty: number, addons: number[] = []) =>
      w.api.post(`${API}/cart/cartAdd`, { sku, qty, addons }, token);
    const submit = (token: string, body: Record<string, unknown> = {}) =>
      w.api.post(
        `${API}/cart/submitOrder`,
        {
          address: ADDRESS,
          shipping_option_id: 2,
          paymentGateway: "test",
          note: "",
          promotion_code: "",
          url: `${SITE}/invoice`,
          idempotency_key: `key-${driver.name}-${++keys}`,
          ...body,
        },
        token,
      );

    it("places an order at the prices of now, whatever price or total the body claims", async () => {
      const alex = await w.member("Alex");
      await fill(alex.token, w.sku.chair, 2, [w.addons.oil]);
      const before = await stockOf(w.sku.chair);
      const res = await submit(alex.token, {
        price: 1,
        total: 1,
        total_amount: 1,
        amount: 1,
        promotion_code: "SPRING10",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
      expect(res.body.payment).toMatch(/\/pay\/[\w-]{43}$/);
      const order = await w.api.get(`${API}/order/${res.body.order_id}`, alex.token);
      expect(order.body.data).toMatchObject({
        status: "pending",
        invoice_number: expect.stringMatching(/^INV-\d{6}$/),
        subtotal: 1188,
        discount_amount: 118.8,
        shipping_name: "Brisbane delivery",
        shipping_amount: 70,
        total_amount: 1139.2,
        total_tax: 103.56,
        payment: res.body.payment,
        business: { name: "Dovetail Outdoor Furniture", abn: "51 824 753 556" },
      });
      expect(order.body.data.items).toEqual([
        expect.objectContaining({ sku_code: "DOV-MALENY-ADIRONDACK-CHAIR", qty: 2, price: 594, subtotal: 1188 }),
      ]);
      expect(await stockOf(w.sku.chair)).toBe(before - 2);
      const cart = await w.api.post(`${API}/cart/getCart`, {}, alex.token);
      expect(cart.body.item_count).toBe(0);
      const list = await w.api.get(`${API}/order`, alex.token);
      expect(list.body.data[0]).toMatchObject({ id: res.body.order_id, status: "pending", total_amount: 1139.2 });
    });

    it("refuses expired, used-up, below-minimum and unknown codes, writing nothing", async () => {
      const sam = await w.member("Sam");
      await fill(sam.token, w.sku.stool, 1);
      const stock = await stockOf(w.sku.stool);
      for (const code of ["SUMMER25", "FIRSTORDER", "WELCOME50", "NOSUCH"]) {
        const res = await submit(sam.token, { promotion_code: code });
        expect(res.status, code).toBe(200);
        expect(res.body, code).toMatchObject({ success: false, payment: null });
      }
      await w.t.database.db
        .insert(promotionCodes)
        .values({ code: `FREE${driver.name.toUpperCase()}`, kind: "fixed", value: 100_000 });
      const free = await submit(sam.token, { promotion_code: `free${driver.name}`, shipping_option_id: 10 });
      expect(free.body).toMatchObject({ success: false, message: expect.stringContaining("$0.00") });
      expect(await stockOf(w.sku.stool)).toBe(stock);
      const [used] = await w.t.database.db.select().from(promotionCodes).where(eq(promotionCodes.code, "FIRSTORDER"));
      expect(used.usedCount).toBe(1);
      expect((await w.api.post(`${API}/cart/getCart`, {}, sam.token)).body.item_count).toBe(1);
      expect((await w.api.get(`${API}/order`, sam.token)).body.data).toEqual([]);
    });

    it("orders only at the total the buyer was shown; another total orders nothing and names the new one", async () => {
      const max = await w.member("Max");
      await fill(max.token, w.sku.stool, 1);
      const stock = await stockOf(w.sku.stool);
      // The stool $295 and Brisbane delivery $70: $365; shown $335 (the Sunshine Coast's $40).
      const changed = await submit(max.token, { expected_total: 335 });
      expect(changed.body).toMatchObject({
        success: false,
        message: "The total is now $365.00: check the order and place it again",
      });
      expect(await stockOf(w.sku.stool)).toBe(stock);
      const placed = await submit(max.token, { expected_total: "365.00" });
      expect(placed.body.success).toBe(true);
      const order = await w.api.get(`${API}/order/${placed.body.order_id}`, max.token);
      expect(order.body.data.total_amount).toBe(365);
    });

    it("refuses bad input with 400 and a shipping option off the address with success false", async () => {
      const kim = await w.member("Kim");
      await fill(kim.token, w.sku.stool, 1);
      for (const body of [{ address: { first_name: "" } }, { url: "javascript:alert(1)" }, { idempotency_key: "x" }]) {
        expect((await submit(kim.token, body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await submit(kim.token, { url: "https://elsewhere.example/invoice" })).status).toBe(400);
      const far = await submit(kim.token, { shipping_option_id: 1 });
      expect(far.body).toMatchObject({ success: false });
      expect((await w.api.post(`${API}/cart/submitOrder`, {})).status).toBe(401);
    });

    it("takes one of the member's own addresses by id, never another member's", async () => {
      const pat = await w.member("Pat");
      const created = await w.api.post(`${API}/address/create`, { ...ADDRESS, postcode: "4561" }, pat.token);
      expect(created.status).toBe(200);
      const stranger = await w.member("Stranger");
      await fill(stranger.token, w.sku.stool, 1);
      const refused = await submit(stranger.token, { address: created.body.data.id, shipping_option_id: 1 });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(["address"]);
      await fill(pat.token, w.sku.stool, 1);
      const placed = await submit(pat.token, { address: created.body.data.id, shipping_option_id: 1 });
      expect(placed.body.success).toBe(true);
      const order = await w.api.get(`${API}/order/${placed.body.order_id}`, pat.token);
      expect(order.body.data).toMatchObject({
        shipping_name: "Sunshine Coast delivery",
        shipping_amount: 40,
        total_amount: 335,
        address: { postcode: "4561", city: "Brisbane" },
      });
    });

    it("answers one order and the same payment address to a doubled submit in parallel", async () => {
      const lee = await w.member("Lee");
      await fill(lee.token, w.sku.chair, 1);
      const stock = await stockOf(w.sku.chair);
      const key = `double-${driver.name}`;
      const answers = await Promise.all(Array.from({ length: 5 }, () => submit(lee.token, { idempotency_key: key })));
      for (const a of answers) expect(a.body).toMatchObject({ success: true, payment: answers[0].body.payment });
      expect(new Set(answers.map((a) => a.body.order_id)).size).toBe(1);
      const rows = await w.t.database.db.select().from(orders).where(eq(orders.userId, lee.user.id));
      expect(rows).toHaveLength(1);
      expect(await stockOf(w.sku.chair)).toBe(stock - 1);
    });

    it("never sells the last pieces twice: parallel checkouts leave the stock at zero", async () => {
      await setStock(w.sku.stool, 3);
      const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => w.member(`Buyer${i}`)));
      for (const b of buyers) await fill(b.token, w.sku.stool, 1);
      await setStock(w.sku.stool, 2);
      const answers = await Promise.all(buyers.map((b) => submit(b.token)));
      const won = answers.filter((a) => a.body.success === true);
      expect(won).toHaveLength(2);
      for (const lost of answers.filter((a) => a.body.success !== true)) {
        expect(lost.status).toBe(200);
        expect(lost.body).toMatchObject({ success: false, message: expect.stringMatching(/stock/) });
      }
      expect(await stockOf(w.sku.stool)).toBe(0);
    });

    it("keeps another member's order and tickets out of reach", async () => {
      const owner = await w.member("Owner");
      await fill(owner.token, w.sku.chair, 1);
      const placed = await submit(owner.token);
      const other = await w.member("Other");
      expect((await w.api.get(`${API}/order/${placed.body.order_id}`, other.token)).status).toBe(404);
      expect((await w.api.get(`${API}/order/${placed.body.order_id}/tickets`, other.token)).status).toBe(404);
      expect((await w.api.get(`${API}/order/${placed.body.order_id}/tickets`, owner.token)).status).toBe(404);
      expect((await w.api.get(`${API}/order`, other.token)).body.data).toEqual([]);
    });

    it("pays through the test gateway once: paid, tickets issued, the invoice mailed", async () => {
      const jo = await w.member("Jo");
      await fill(jo.token, w.sku.workshop, 2);
      await fill(jo.token, w.sku.chair, 1, [w.addons.cushions]);
      const placed = await submit(jo.token, { shipping_option_id: 10 });
      expect(placed.body.success).toBe(true);
      const token = /\/pay\/([\w-]+)$/.exec(placed.body.payment)![1];
      const page = await w.api.get(`/pay/${token}`);
      expect(page.body).toContain("$1,149.00 AUD");
      const form = new URLSearchParams({ csrf: csrfOf(page.body), outcome: "paid" });
      const paid = await w.api.call("POST", `/pay/${token}`, { form, headers: { cookie: cookieOf(page) } });
      expect(paid.status).toBe(303);
      const back = `${SITE}/invoice/${placed.body.order_id}`;
      expect(paid.headers.get("location")).toContain(back);
      const checks = await Promise.all(
        Array.from({ length: 3 }, () =>
          w.api.get(`/api/v1/cognito/payment/checkPaid?url=${encodeURIComponent(b64(back))}&payum_token=${token}`),
        ),
      );
      for (const check of checks) expect(check.body.success).toBe(true);
      const order = await w.api.get(`${API}/order/${placed.body.order_id}`, jo.token);
      expect(order.body.data).toMatchObject({ status: "paid", payment: null, paid_at: expect.any(String) });
      const tickets = await w.api.get(`${API}/order/${placed.body.order_id}/tickets`, jo.token);
      expect(tickets.body.data).toHaveLength(2);
      expect(tickets.body.data[0]).toMatchObject({ event_date: "2027-03-13", holder: "Jo Tester" });
      expect(new Set(tickets.body.data.map((t: { code: string }) => t.code)).size).toBe(2);
      const mails = (await w.outbox()).filter((m) => m.subject.includes(order.body.data.invoice_number));
      expect(mails.map((m) => m.to).sort()).toEqual(["hello@dovetail.example.com", jo.user.email].sort());
      const mine = mails.find((m) => m.to.includes(jo.user.email))!;
      for (const shown of [
        order.body.data.invoice_number,
        "Dovetail Outdoor Furniture",
        "ABN 51 824 753 556",
        "2 × Weekend workshop: make your own stool",
        "with Outdoor cushions",
        "Pick-up at the Eumundi Markets",
        "Total: $1,149.00",
        "GST included $104.45",
      ]) {
        expect(mine.text).toContain(shown);
      }
      expect(mine.html).toContain("GST included $104.45");
    });

    it("records a delivery quote request with the cart and mails the business", async () => {
      const cart = await w.api.post(`${API}/cart/cartAdd`, { sku: w.sku.chair, qty: 1 });
      const res = await w.api.post(`${API}/cart/requestShippingQuote`, {
        session: cart.body.sessionKey,
        address: {
          name: "Robin <b>Far</b>",
          email: "robin@example.com",
          phone: "0400 000 000",
          street: "9 Long Road",
          suburb: "Broome",
          postcode: "6725",
          state: "WA",
          country: "Australia",
        },
      });
      expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
      const mail = (await w.outbox()).find((m) => m.subject.includes("Robin"))!;
      expect(mail.to).toContain("hello@dovetail.example.com");
      expect(mail.text).toContain("1 × Maleny Adirondack chair");
      expect(mail.html).toContain("Robin &lt;b&gt;Far&lt;/b&gt;");
      const bad = await w.api.post(`${API}/cart/requestShippingQuote`, { address: { name: "x" } });
      expect(bad.status).toBe(400);
    });
  });
}
