/**
 * Stock and codes held only while a payment can happen (issue 27, section 4), on both drivers: a
 * declined payment and an expired hold each give the stock back and leave the promotion code
 * uncounted; a paid order counts it once; WELCOME50 is once per member; a member has at most three
 * orders waiting; two sweepers at once release an order once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { orders, payments, promotionCodes, skus } from "../db/schema";
import { drivers } from "../test/databases";
import { MAX_PENDING_ORDERS, releaseExpiredHolds } from "./holds";
import { PROMOTION_ALREADY_USED, TOO_MANY_PENDING } from "./orders";
import { ADDRESS, API, openShopWorld, pressOnGateway, type ShopWorld, SITE } from "./test-support";

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`stock holds — ${driver.title}`, () => {
    let w: ShopWorld;
    let keys = 0;
    beforeAll(async () => {
      w = await openShopWorld(driver.name, "shop-holds");
    });
    afterAll(async () => {
      await w?.close();
    });

    const db = () => w.t.database.db;
    const stockOf = async (id: number) => (await db().select().from(skus).where(eq(skus.id, id)))[0].stock;
    const usedOf = async (code: string) =>
      (await db().select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0].usedCount;
    const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
    const fill = (token: string, sku: number, qty: number) =>
      w.api.post(`${API}/cart/cartAdd`, { sku, qty, addons: [] }, token);
    const submit = (token: string, body: Record<string, unknown> = {}) =>
      w.api.post(
        `${API}/cart/submitOrder`,
        {
          address: ADDRESS,
          shipping_option_id: 2,
          note: "",
          promotion_code: "",
          url: `${SITE}/invoice`,
          idempotency_key: `hold-${driver.name}-${++keys}`,
          ...body,
        },
        token,
      );
    const press = (payment: string, outcome: "paid" | "declined") => pressOnGateway(w, payment, outcome);

    it("a declined payment cancels the order, gives the stock back and leaves the code uncounted", async () => {
      const ann = await w.member("Ann");
      const stock = await stockOf(w.sku.stool);
      const used = await usedOf("SPRING10");
      await fill(ann.token, w.sku.stool, 2);
      const placed = await submit(ann.token, { promotion_code: "SPRING10" });
      expect(placed.body.success).toBe(true);
      expect(await stockOf(w.sku.stool)).toBe(stock - 2);
      expect(await usedOf("SPRING10")).toBe(used);
      expect((await orderOf(placed.body.order_id)).holdExpiresAt?.getTime()).toBe(w.clock.now() + 30 * 60_000);
      await press(placed.body.payment, "declined");
      expect(await orderOf(placed.body.order_id)).toMatchObject({ status: "cancelled", cancelReason: "declined" });
      expect(await stockOf(w.sku.stool)).toBe(stock);
      expect(await usedOf("SPRING10")).toBe(used);
    });

    it("an expired hold gives the stock back without a visitor, and its payment can no longer be made", async () => {
      const bo = await w.member("Bo");
      const stock = await stockOf(w.sku.stool);
      await fill(bo.token, w.sku.stool, 1);
      const placed = await submit(bo.token, { promotion_code: "SPRING10" });
      const used = await usedOf("SPRING10");
      expect(await releaseExpiredHolds(db(), w.clock.now() + 29 * 60_000)).toEqual([]);
      // Two instances' sweepers at once: the order is released once.
      const later = w.clock.now() + 31 * 60_000;
      const [a, b] = await Promise.all([releaseExpiredHolds(db(), later), releaseExpiredHolds(db(), later)]);
      expect([...a, ...b]).toEqual([placed.body.order_id]);
      expect(await orderOf(placed.body.order_id)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
      expect(await stockOf(w.sku.stool)).toBe(stock);
      const order = await orderOf(placed.body.order_id);
      const [payment] = await db().select().from(payments).where(eq(payments.id, order.paymentId!));
      expect(payment.status).toBe("declined");
      const token = /\/pay\/([\w-]+)$/.exec(placed.body.payment)![1];
      expect((await w.api.get(`/pay/${token}`)).body).not.toContain("<button");
      expect(await usedOf("SPRING10")).toBe(used);
    });

    it("a paid order counts its code once; WELCOME50 is once per member", async () => {
      const cy = await w.member("Cy");
      const used = await usedOf("WELCOME50");
      await fill(cy.token, w.sku.chair, 1);
      const first = await submit(cy.token, { promotion_code: "WELCOME50" });
      expect(first.body.success).toBe(true);
      await fill(cy.token, w.sku.chair, 1);
      const second = await submit(cy.token, { promotion_code: "WELCOME50" });
      expect(second.body).toMatchObject({ success: false, message: PROMOTION_ALREADY_USED });
      await press(first.body.payment, "paid");
      expect((await orderOf(first.body.order_id)).status).toBe("paid");
      expect(await usedOf("WELCOME50")).toBe(used + 1);
      const third = await submit(cy.token, { promotion_code: "WELCOME50" });
      expect(third.body).toMatchObject({ success: false, message: PROMOTION_ALREADY_USED });
      // Another member may still use it.
      const di = await w.member("Di");
      await fill(di.token, w.sku.chair, 1);
      expect((await submit(di.token, { promotion_code: "WELCOME50" })).body.success).toBe(true);
    });

    it(`a member has at most ${MAX_PENDING_ORDERS} orders waiting for payment`, async () => {
      const ed = await w.member("Ed");
      for (let i = 0; i < MAX_PENDING_ORDERS; i++) {
        await fill(ed.token, w.sku.chair, 1);
        expect((await submit(ed.token)).body.success).toBe(true);
      }
      await fill(ed.token, w.sku.chair, 1);
      const refused = await submit(ed.token);
      expect(refused.body).toMatchObject({ success: false, message: TOO_MANY_PENDING, order_id: null });
      expect((await w.api.post(`${API}/cart/getCart`, {}, ed.token)).body.item_count).toBe(1);
    });
  });
}
