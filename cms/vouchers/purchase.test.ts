/**
 * A voucher a buyer can use (issue 27, section 6), on both drivers: payNow with the spec's payload
 * and a member's token (the member's e-mail), a recipient and a message, the code on the return
 * (checkPaid's receipt), the expiry three years on (a setting, never less), shown in the mail and
 * the print view's answer, and enforced at redemption.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseEml } from "../../scripts/lib/eml.mjs";
import { addUser, type ApiClient, apiClient, fakeClock, setSiteSettings } from "../accounts/test-support";
import { issueTokens, tokenKey } from "../accounts/tokens";
import { giftVouchers, voucherThemes } from "../db/schema";
import { createMailer, type Mailer } from "../mail/mailer";
import { createTestGateway } from "../payments/test-gateway";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { addMonths, voucherExpiryMonths } from "./service";

const b64 = (text: string) => Buffer.from(text).toString("base64");
const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0];
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

const API = "/api/v1/cognito/giftVoucher";
const SITE = "https://shop.example";
const RETURN = `${SITE}/gift-vouchers`;
const secret = tokenKey("voucher-purchase-test-secret-0123456789");

describe("voucher expiry", () => {
  it("is 36 months unless the setting says more; never less", () => {
    expect(voucherExpiryMonths({})).toBe(36);
    expect(voucherExpiryMonths({ voucher_expiry_months: 12 })).toBe(36);
    expect(voucherExpiryMonths({ voucher_expiry_months: "60" })).toBe(60);
    expect(voucherExpiryMonths({ voucher_expiry_months: 40.5 })).toBe(36);
  });

  it("adds calendar months, keeping the day or the month's last", () => {
    expect(addMonths(Date.UTC(2026, 10, 29), 36).toISOString()).toBe("2029-11-29T00:00:00.000Z");
    expect(addMonths(Date.UTC(2028, 1, 29), 12).toISOString()).toBe("2029-02-28T00:00:00.000Z");
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`buying a voucher — ${driver.title}`, () => {
    let t: TestDatabase;
    let api: ApiClient;
    let mailer: Mailer;
    let dataDir: string;
    let themeId: number;
    const clock = fakeClock(Date.UTC(2026, 10, 29, 0, 0, 0));

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "voucher_purchase");
      await setSiteSettings(t.database.db, { organisation_name: "Dovetail Outdoor Furniture", payment_to_user_id: 1 });
      await addUser(t.database.db, { email: "supplier@example.com" });
      const [theme] = await t.database.db.insert(voucherThemes).values({ name: "Timber" }).returning();
      themeId = theme.id;
      dataDir = mkdtempSync(path.join(os.tmpdir(), "dovetail-voucher-purchase-"));
      mailer = createMailer({ outboxDir: path.join(dataDir, "outbox"), from: "Dovetail <hello@example.com>" });
      api = apiClient(
        createCmsApp(t.database, {
          clock: clock.now,
          mailer,
          siteUrl: SITE,
          tokenSecret: secret,
          authRateLimit: 100,
          paymentGateway: createTestGateway({ secret: "voucher-purchase-notify-secret" }),
        }),
      );
    });
    afterAll(async () => {
      await mailer?.flush();
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    async function mailsTo(email: string) {
      await mailer.flush();
      const dir = path.join(dataDir, "outbox");
      return readdirSync(dir)
        .filter((f) => f.endsWith(".eml"))
        .map((f) => parseEml(readFileSync(path.join(dir, f), "utf8")))
        .filter((m) => m.to.includes(email));
    }

    async function member(email: string) {
      const user = await addUser(t.database.db, { email });
      const tokens = await issueTokens(t.database.db, {
        userId: user.id,
        secret,
        now: clock.now(),
        fingerprint: "fp-0123456789",
      });
      return { user, token: tokens.access_token };
    }

    /** Pays on the test gateway's page; answers checkPaid's answer on the return. */
    async function payAndReturn(payment: string) {
      const token = /\/pay\/([\w-]+)$/.exec(payment)![1];
      const page = await api.get(`/pay/${token}`);
      expect(page.body).toContain("Test payment: no money is taken");
      const form = new URLSearchParams({ csrf: csrfOf(page.body), outcome: "paid" });
      await api.call("POST", `/pay/${token}`, { form, headers: { cookie: cookieOf(page) } });
      const check = await api.get(
        `/api/v1/cognito/payment/checkPaid?url=${encodeURIComponent(b64(RETURN))}&payum_token=${token}`,
      );
      return check.body;
    }

    it("takes the spec's payload from a member (their e-mail), and refuses it from a visitor without one", async () => {
      const body = { theme_id: themeId, amount: 80, url: b64(RETURN) };
      const anonymous = await api.post(`${API}/payNow`, body);
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.errors).toHaveProperty("email");
      const m = await member("ruth@example.com");
      const res = await api.post(`${API}/payNow`, body, m.token);
      expect(res.status).toBe(200);
      const checked = await payAndReturn(res.body.payment);
      expect(checked.success).toBe(true);
      const [voucher] = await t.database.db
        .select()
        .from(giftVouchers)
        .where(eq(giftVouchers.code, checked.receipt.code));
      expect(voucher).toMatchObject({ buyerEmail: "ruth@example.com", buyerUserId: m.user.id, amountCents: 8_000 });
      expect(await mailsTo("ruth@example.com")).toHaveLength(1);
    });

    it("the return shows the code; the voucher carries the recipient, the message and a 3-year expiry", async () => {
      const res = await api.post(`${API}/payNow`, {
        theme_id: themeId,
        amount: 150,
        email: "gift-buyer@example.com",
        recipient_name: "Aunt Jo",
        message: "Happy birthday! Pick a chair for the deck.",
        url: b64(RETURN),
      });
      expect(res.status).toBe(200);
      const checked = await payAndReturn(res.body.payment);
      expect(checked.receipt.code).toMatch(/^[A-Z2-9]{12}$/);
      expect(checked.receipt.expires_at).toBe("2029-11-29T00:00:00.000Z");
      const view = await api.get(`${API}/voucher/${checked.receipt.code}`);
      expect(view.body.voucher).toMatchObject({
        amount: 150,
        recipient_name: "Aunt Jo",
        message: "Happy birthday! Pick a chair for the deck.",
        expires_at: "2029-11-29T00:00:00.000Z",
        expired: false,
      });
      const [mail] = await mailsTo("gift-buyer@example.com");
      expect(mail.subject).toContain("Dovetail Outdoor Furniture");
      expect(mail.text).toContain("For Aunt Jo.");
      expect(mail.text).toContain("Happy birthday! Pick a chair for the deck.");
      expect(mail.text).toContain("It can be used until 29 November 2029.");
    });

    it("refuses a message over 500 characters, with the field named", async () => {
      const res = await api.post(`${API}/payNow`, {
        theme_id: themeId,
        amount: 20,
        email: "long@example.com",
        message: "x".repeat(501),
        url: b64(RETURN),
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty("message");
    });

    it("an expired voucher is refused at redemption and marked expired", async () => {
      const res = await api.post(`${API}/payNow`, {
        theme_id: themeId,
        amount: 40,
        email: "old@example.com",
        url: b64(RETURN),
      });
      const { receipt } = await payAndReturn(res.body.payment);
      clock.set(Date.UTC(2029, 10, 29, 0, 0, 1));
      try {
        const m = await member("late@example.com");
        const refused = await api.post(`${API}/redeem`, { code: receipt.code }, m.token);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ success: false, message: "This voucher has expired" });
        expect((await api.get(`${API}/voucher/${receipt.code}`)).body.voucher.expired).toBe(true);
      } finally {
        clock.set(Date.UTC(2026, 10, 29, 0, 0, 0));
      }
    });
  });
}
