/**
 * An order's life in the back-office (issue 27, section 5), on both drivers: fulfil with a note
 * (mailed, audited), refund part then the rest through the gateway (the invoice's adjustment note,
 * "refunded" at the end), cancel a pending order (stock back, its payment stopped) and a paid one
 * (refunded in full, stock back once), wrong states refused, and a repeated refund counted once.
 * Also the card surcharge: in the cart's total, the order, the payment and the invoice mail.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, orders, paymentRefunds, payments, skus } from "../db/schema";
import { drivers } from "../test/databases";
import { ADDRESS, API, openShopWorld, pressOnGateway, type ShopWorld, SITE } from "./test-support";

const ADMIN = "/api/v1/cognito/admin";

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`order lifecycle — ${driver.title}`, () => {
    let w: ShopWorld;
    let admin: string;
    let keys = 0;
    beforeAll(async () => {
      w = await openShopWorld(driver.name, "shop-lifecycle");
      admin = (await w.member("Ada", { admin: true })).token;
    });
    afterAll(async () => {
      await w?.close();
    });

    const db = () => w.t.database.db;
    const stockOf = async (id: number) => (await db().select().from(skus).where(eq(skus.id, id)))[0].stock;
    const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
    const key = () => `life-${driver.name}-${++keys}`;
    const act = (id: number, action: string, body: Record<string, unknown>) =>
      w.api.post(`${ADMIN}/order/${id}/${action}`, body, admin);
    const press = (payment: string, outcome: "paid" | "declined") => pressOnGateway(w, payment, outcome);
    /** A member's order of `qty` stools, placed (and paid unless `pay` is false). */
    async function order(qty: number, pay = true) {
      const m = await w.member("Flo");
      await w.api.post(`${API}/cart/cartAdd`, { sku: w.sku.stool, qty, addons: [] }, m.token);
      const placed = await w.api.post(
        `${API}/cart/submitOrder`,
        {
          address: ADDRESS,
          shipping_option_id: 2,
          note: "",
          promotion_code: "",
          url: `${SITE}/invoice`,
          idempotency_key: key(),
        },
        m.token,
      );
      expect(placed.body.success).toBe(true);
      if (pay) await press(placed.body.payment, "paid");
      return { id: placed.body.order_id as number, member: m };
    }

    it("fulfils a paid order once, mails the note and audits it", async () => {
      const { id, member } = await order(1);
      const done = await act(id, "fulfil", { note: "Sent with StarTrack: 123456789" });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ status: "fulfilled", fulfilment_note: "Sent with StarTrack: 123456789" });
      const mail = (await w.outbox()).find((m) => m.to === member.user.email && /on its way/.test(m.subject));
      expect(mail?.text).toContain("Sent with StarTrack: 123456789");
      expect(mail?.text).toContain(`${SITE}/invoice/${id}`);
      const again = await act(id, "fulfil", { note: "" });
      expect(again.status).toBe(409);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.model, "order"), eq(auditLog.recordId, String(id))));
      expect(audits.map((a) => a.action)).toEqual(["fulfil"]);
      // The member's invoice says so.
      const invoice = await w.api.get(`${API}/order/${id}`, member.token);
      expect(invoice.body.data).toMatchObject({
        status: "fulfilled",
        fulfilment_note: "Sent with StarTrack: 123456789",
      });
    });

    it("refunds part, then the rest; a repeat is one refund; the invoice lists each", async () => {
      const { id, member } = await order(2);
      const total = (await orderOf(id)).totalCents; // 2 × $295 + $70 Brisbane delivery
      expect(total).toBe(66_000);
      const stock = await stockOf(w.sku.stool);
      const k = key();
      const part = await act(id, "refund", { amount: 100.5, restock: false, reason: "Scratched leg", key: k });
      expect(part.status).toBe(200);
      expect(part.body.data).toMatchObject({ status: "paid", refunded_amount: 100.5 });
      expect(part.body.data.payment.refunds).toMatchObject([{ amount_cents: 10_050, status: "succeeded" }]);
      // Two clicks: the same key is the same refund.
      expect((await act(id, "refund", { amount: 100.5, restock: false, reason: "Scratched leg", key: k })).status).toBe(
        200,
      );
      const rows = await db()
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, (await orderOf(id)).paymentId!));
      expect(rows).toHaveLength(1);
      // More than is left is refused, and changes nothing.
      const tooMuch = await act(id, "refund", { amount: 600, restock: false, reason: "", key: key() });
      expect(tooMuch.status).toBe(409);
      expect((await orderOf(id)).refundedCents).toBe(10_050);
      const rest = await act(id, "refund", { restock: true, reason: "Returned", key: key() });
      expect(rest.body.data).toMatchObject({ status: "refunded", refunded_amount: 660, restocked: true });
      expect(await stockOf(w.sku.stool)).toBe(stock + 2);
      const invoice = (await w.api.get(`${API}/order/${id}`, member.token)).body.data;
      expect(invoice.refunds.map((r: { amount: number }) => r.amount)).toEqual([100.5, 559.5]);
      expect(invoice.refunds[0].tax).toBe(9.14);
      expect(invoice.refunded_amount).toBe(660);
      // Nothing is left to refund, and a refunded order cannot be refunded again.
      expect((await act(id, "refund", { restock: true, reason: "", key: key() })).status).toBe(409);
      expect(await stockOf(w.sku.stool)).toBe(stock + 2);
    });

    it.skipIf(driver.name !== "postgres")("five tabs confirming one refund at once make one refund", async () => {
      const { id } = await order(1);
      const k = key();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => act(id, "refund", { amount: 10, restock: true, reason: "Dent", key: k })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
      const row = await orderOf(id);
      expect(row.refundedCents).toBe(1_000);
      const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, row.paymentId!));
      expect(refunds).toHaveLength(1);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.model, "order"), eq(auditLog.recordId, String(id))));
      expect(audits).toHaveLength(1);
    });

    it("cancels a pending order: stock back, its payment can no longer be made", async () => {
      const stock = await stockOf(w.sku.stool);
      const { id } = await order(1, false);
      expect(await stockOf(w.sku.stool)).toBe(stock - 1);
      const cancelled = await act(id, "cancel", { reason: "Asked by phone", key: key() });
      expect(cancelled.body.data).toMatchObject({ status: "cancelled", cancel_reason: "owner", restocked: true });
      expect(await stockOf(w.sku.stool)).toBe(stock);
      const [payment] = await db()
        .select()
        .from(payments)
        .where(eq(payments.id, (await orderOf(id)).paymentId!));
      expect(payment.status).toBe("declined");
      expect((await act(id, "cancel", { reason: "", key: key() })).status).toBe(409);
      expect(await stockOf(w.sku.stool)).toBe(stock);
    });

    it("cancels a paid order by refunding it in full; a fulfilled one must be refunded instead", async () => {
      const stock = await stockOf(w.sku.stool);
      const { id } = await order(1);
      const cancelled = await act(id, "cancel", { reason: "Out of timber", key: key() });
      expect(cancelled.body.data).toMatchObject({ status: "cancelled", refunded_amount: 365, restocked: true });
      expect(await stockOf(w.sku.stool)).toBe(stock);
      const other = await order(1);
      await act(other.id, "fulfil", { note: "" });
      expect((await act(other.id, "cancel", { reason: "", key: key() })).status).toBe(409);
      expect((await orderOf(other.id)).status).toBe("fulfilled");
    });

    it("refuses bad input beside its field, and members", async () => {
      const { id, member } = await order(1);
      const bad = await act(id, "refund", { amount: "1.005", restock: false, reason: "", key: key() });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.amount).toBeTruthy();
      expect((await act(id, "refund", { amount: -5, key: key() })).status).toBe(400);
      const asMember = await w.api.post(`${ADMIN}/order/${id}/refund`, { key: key() }, member.token);
      expect(asMember.status).toBe(403);
      expect((await orderOf(id)).refundedCents).toBe(0);
    });

    it("a card surcharge is one line: in the cart's total, the order, the gateway and the invoice mail", async () => {
      const { setSiteSettings } = await import("../accounts/test-support");
      await setSiteSettings(db(), { payment_surcharges: { card: { percent: 1.5, fixed: 0.3 } } });
      try {
        const m = await w.member("Gus");
        await w.api.post(`${API}/cart/cartAdd`, { sku: w.sku.chair, qty: 1, addons: [] }, m.token);
        const cart = await w.api.post(
          `${API}/cart/getCart`,
          { shipping_type: 2, shipping_address: { suburb: "Brisbane", postcode: "4000", country: "AU" } },
          m.token,
        );
        // $549 + $70 = $619; 1.5% is $9.29 (9.285 rounded), and $0.30: $9.59.
        expect(cart.body).toMatchObject({ item_count: 1, surcharge_amount: 9.59, total_amount: 628.59 });
        const placed = await w.api.post(
          `${API}/cart/submitOrder`,
          {
            address: ADDRESS,
            shipping_option_id: 2,
            url: `${SITE}/invoice`,
            idempotency_key: key(),
            expected_total: 628.59,
          },
          m.token,
        );
        expect(placed.body.success).toBe(true);
        const row = await orderOf(placed.body.order_id);
        expect(row).toMatchObject({ surchargeCents: 959, totalCents: 62_859 });
        const [payment] = await db().select().from(payments).where(eq(payments.id, row.paymentId!));
        expect(payment.amountCents + payment.surchargeCents).toBe(62_859);
        const page = await w.api.get(`/pay/${/\/pay\/([\w-]+)$/.exec(placed.body.payment)![1]}`);
        expect(page.body).toContain("$628.59");
        await press(placed.body.payment, "paid");
        const mail = (await w.outbox()).find((x) => x.to === m.user.email && /tax invoice/i.test(x.subject));
        expect(mail?.text).toContain("Card surcharge: $9.59");
        expect(mail?.text).toContain("Total: $628.59");
      } finally {
        await setSiteSettings(db(), { payment_surcharges: {} });
      }
    });
  });
}
