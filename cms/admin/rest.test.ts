/** Form submissions and their CSV export, and the dashboard. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formSubmissions, giftVouchers, orders } from "../db/schema";
import { csvCell } from "./submissions";
import { type AdminHarness, adminHarness } from "./test-support";

let h: AdminHarness;
let formId: number;

beforeAll(async () => {
  h = await adminHarness();
  const form = await h.call("/form/create", {
    name: "Contact",
    url: "contact",
    questions: [
      { id: 1, name: "name", label: "Your name", field_type: "text" },
      { id: 2, name: "message", label: "Message", field_type: "textarea" },
      { id: 3, field_type: "submit", label: "Send" },
    ],
  });
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  formId = form.body.data.id;
  const base = { formId, formVersion: 1, questions: [], idempotencyKey: "", url: "/contact" };
  await h.db.insert(formSubmissions).values([
    {
      ...base,
      idempotencyKey: "a",
      answers: { name: "Ann", message: 'Say "hi", please' },
      createdAt: new Date(h.clock.now() - 2000),
    },
    {
      ...base,
      idempotencyKey: "b",
      answers: { name: '=HYPERLINK("http://x")', message: "-2+3" },
      createdAt: new Date(h.clock.now() - 1000),
    },
  ]);
}, 60_000);

afterAll(() => h.t.dispose());

describe("form submissions", () => {
  it("lists them newest first", async () => {
    const res = await h.call(`/form/${formId}/submissions`, {});
    expect(res.body).toMatchObject({ num_items: 2, page: 1 });
    expect(res.body.data.map((s: { answers: { name: string } }) => s.answers.name)).toEqual([
      '=HYPERLINK("http://x")',
      "Ann",
    ]);
    expect((await h.call("/form/999/submissions", {})).status).toBe(404);
  });

  it("exports CSV with a header of the form's fields, quoted and safe from formulas", async () => {
    const res = await h.call(`/form/${formId}/submissions.csv`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (res.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"id","created_at","status","Your name","Message"');
    expect(lines[1]).toMatch(/^"\d+","[^"]+","received","Ann","Say ""hi"", please"$/);
    expect(lines[2]).toMatch(/"'=HYPERLINK\(""http:\/\/x""\)","'-2\+3"$/);
    expect(
      (await h.client.call("GET", `/api/v1/cognito/admin/form/${formId}/submissions.csv`, { token: h.memberToken }))
        .status,
    ).toBe(403);
  });

  it("defuses every formula lead", () => {
    expect(["=1", "+1", "-1", "@x", "\tx", "ok"].map(csvCell)).toEqual([
      '"\'=1"',
      '"\'+1"',
      '"\'-1"',
      '"\'@x"',
      '"\'\tx"',
      '"ok"',
    ]);
  });
});

describe("the dashboard", () => {
  it("gathers submissions, this month's vouchers, paid orders, schedules and the audit log", async () => {
    const now = h.clock.now();
    await h.db.insert(giftVouchers).values([
      { code: "AAAAAAAAAA", amountCents: 5000, status: "issued", issuedAt: new Date(now - 3600_000) },
      { code: "BBBBBBBBBB", amountCents: 2500, status: "redeemed", issuedAt: new Date(now - 7200_000) },
      { code: "CCCCCCCCCC", amountCents: 9900, status: "issued", issuedAt: new Date(now - 40 * 86_400_000) },
      { amountCents: 1000, status: "pending" },
    ]);
    const order = {
      userId: h.member.id,
      address: {},
      shippingName: "Pickup",
      subtotalCents: 1,
      totalCents: 1,
      taxCents: 0,
    };
    await h.db.insert(orders).values([
      { ...order, idempotencyKey: "1", invoiceNumber: "INV-1", status: "paid" },
      { ...order, idempotencyKey: "2", invoiceNumber: "INV-2", status: "pending" },
    ]);
    const page = await h.call("/page/create", { name: "Sale", slug: "sale", url: "sale" });
    const doc = { title: "Sale", seo_title: null, meta_description: "", priority: null, rows: [], pageContents: [] };
    await h.call("/page/saveDraft", { id: page.body.data.id, doc });
    const at = new Date(now + 86_400_000).toISOString();
    await h.call("/page/publish", { id: page.body.data.id, publish_at: at });

    const res = await h.call("/dashboard", {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.submissions.map((s: { answers: { name: string } }) => s.answers.name)).toEqual([
      '=HYPERLINK("http://x")',
      "Ann",
    ]);
    expect(data.submissions[0].form).toEqual({ id: formId, name: "Contact" });
    expect(data.vouchers_this_month).toEqual({ count: 2, cents: 7500 });
    expect(data.orders_to_fulfil).toBe(1);
    expect(data.scheduled).toEqual([{ page_id: page.body.data.id, name: "Sale", publish_at: at }]);
    expect(data.audit[0]).toMatchObject({ model: "page", action: "schedule" });
    expect(data.audit.length).toBeLessThanOrEqual(10);
  });
});
