/** The back-office's orders: the list and one order, read from the shop's tables. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { orderItems, orders, payments } from "../db/schema";
import { type AdminHarness, adminHarness } from "./test-support";

let h: AdminHarness;
let paidId: number;

const address = { name: "Alex Tester", street: "1 Main St", city: "Noosa", postcode: "4567", country: "Australia" };

beforeAll(async () => {
  h = await adminHarness("pglite", "admin-orders");
  const base = { userId: h.member.id, address, shippingName: "Courier", shippingCents: 2000, note: "" };
  const [payment] = await h.db
    .insert(payments)
    .values({
      tokenHash: "t1",
      kind: "order",
      referenceId: 0,
      amountCents: 56_900,
      returnUrl: "/",
      gateway: "test",
      status: "paid",
      paidAt: new Date(h.clock.now() - 500),
    })
    .returning();
  const [paid] = await h.db
    .insert(orders)
    .values({
      ...base,
      idempotencyKey: "a",
      status: "paid",
      invoiceNumber: "INV-0001",
      subtotalCents: 54_900,
      totalCents: 56_900,
      taxCents: 5173,
      paymentId: payment.id,
      paidAt: new Date(h.clock.now() - 500),
      createdAt: new Date(h.clock.now() - 1000),
    })
    .returning();
  paidId = paid.id;
  await h.db.insert(orderItems).values({
    orderId: paid.id,
    name: "Maleny Adirondack chair",
    productName: "Maleny Adirondack chair",
    skuCode: "MAC-1",
    qty: 1,
    priceCents: 54_900,
  });
  await h.db.insert(orders).values({
    ...base,
    idempotencyKey: "b",
    invoiceNumber: "INV-0002",
    subtotalCents: 29_500,
    totalCents: 31_500,
    taxCents: 2864,
    paymentUrl: "https://pay.example/x",
  });
}, 60_000);

afterAll(async () => {
  await h?.t.dispose();
});

describe("admin orders", () => {
  it("says when the shop is off, and lists the orders newest first", async () => {
    const res = await h.call("/order", {});
    expect(res.status).toBe(200);
    expect(res.body.shop_open).toBe(false);
    expect(res.body.num_items).toBe(2);
    expect(res.body.data.map((o: { invoice_number: string }) => o.invoice_number)).toEqual(["INV-0002", "INV-0001"]);
    expect(res.body.data[1]).toMatchObject({
      member: { id: h.member.id, email: "member@example.com" },
      total_cents: 56_900,
      paid: true,
    });
    expect(res.body.data[0].paid).toBe(false);
    expect((await h.call("/order", { q: "0001" })).body.data).toHaveLength(1);
  });

  it("answers one order with its lines, address, shipping and payment", async () => {
    expect((await h.call("/domain/update", { settings: { ecommerce: true } })).status).toBe(200);
    const res = await h.call(`/order/${paidId}`, {});
    expect(res.status).toBe(200);
    expect(res.body.shop_open).toBe(true);
    expect(res.body.data).toMatchObject({
      invoice_number: "INV-0001",
      address,
      shipping_name: "Courier",
      shipping_amount: 20,
      total_amount: 569,
      items: [{ name: "Maleny Adirondack chair", qty: 1, price: 549 }],
      payment: { status: "paid", gateway: "test" },
      member: { email: "member@example.com" },
    });
    expect((await h.call("/order/99999", {})).status).toBe(404);
  });

  it("refuses a member", async () => {
    expect((await h.call("/order", {}, "member")).status).toBe(403);
    expect((await h.call(`/order/${paidId}`, {}, "member")).status).toBe(403);
  });
});
