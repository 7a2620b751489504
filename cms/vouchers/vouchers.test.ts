/**
 * Gift vouchers (decisions 051 and 058) on both drivers: issuing once with a mail, redeeming once
 * into the member's credit (and once only under 20 parallel redemptions on PostgreSQL), the rate
 * limit, the print view's voucher and the liability report.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseEml } from "../../scripts/lib/eml.mjs";
import { creditBalanceCents } from "../accounts/credit";
import { addUser, type ApiClient, apiClient, fakeClock, setSiteSettings } from "../accounts/test-support";
import { issueTokens, tokenKey } from "../accounts/tokens";
import { giftVouchers, voucherThemes } from "../db/schema";
import { createMailer, type Mailer } from "../mail/mailer";
import { createTestGateway } from "../payments/test-gateway";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { looksLikeVoucherCode, newVoucherCode, VOUCHER_CODE_ALPHABET } from "./codes";
import { createPendingVoucher, fulfilVoucher } from "./service";

const b64 = (text: string) => Buffer.from(text).toString("base64");
const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0];
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

const API = "/api/v1/cognito/giftVoucher";
const SITE = "https://shop.example";
const secret = tokenKey("vouchers-test-secret-0123456789-abcdefgh");

describe("voucher codes", () => {
  it("are 12 characters of the unambiguous alphabet", () => {
    for (let i = 0; i < 200; i++) {
      const code = newVoucherCode();
      expect(code).toHaveLength(12);
      expect([...code].every((ch) => VOUCHER_CODE_ALPHABET.includes(ch))).toBe(true);
      expect(looksLikeVoucherCode(code)).toBe(true);
    }
    expect(VOUCHER_CODE_ALPHABET).not.toMatch(/[IL O01]/);
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`gift vouchers — ${driver.title}`, () => {
    let t: TestDatabase;
    let api: ApiClient;
    let mailer: Mailer;
    let dataDir: string;
    let themeId: number;
    const clock = fakeClock();
    let n = 0;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "vouchers");
      await setSiteSettings(t.database.db, { name: "Dovetail Outdoor Furniture", payment_to_user_id: 1 });
      await addUser(t.database.db, { email: "supplier@example.com" });
      const [theme] = await t.database.db.insert(voucherThemes).values({ name: "Timber" }).returning();
      themeId = theme.id;
      dataDir = mkdtempSync(path.join(os.tmpdir(), "dovetail-vouchers-"));
      mailer = createMailer({ outboxDir: path.join(dataDir, "outbox"), from: "Dovetail <hello@example.com>" });
      api = apiClient(
        createCmsApp(t.database, {
          clock: clock.now,
          mailer,
          siteUrl: SITE,
          tokenSecret: secret,
          authRateLimit: 100,
          paymentGateway: createTestGateway({ secret: "vouchers-test-notify-secret" }),
        }),
      );
    });
    afterAll(async () => {
      await mailer?.flush();
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    async function outbox() {
      await mailer.flush();
      let files: string[] = [];
      try {
        files = readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(".eml"));
      } catch {
        files = [];
      }
      return files.sort().map((f) => parseEml(readFileSync(path.join(dataDir, "outbox", f), "utf8")));
    }

    async function member(admin = false) {
      const user = await addUser(t.database.db, { email: `member${++n}@example.com`, isAdmin: admin });
      const tokens = await issueTokens(t.database.db, {
        userId: user.id,
        secret,
        now: clock.now(),
        fingerprint: "fp-vouchers-0123456789",
      });
      return { user, token: tokens.access_token };
    }

    /** A voucher bought and issued (its payment's fulfilment), with its code. */
    async function issued(amountCents = 10_000, buyerEmail = `buyer${++n}@example.com`) {
      const voucher = await createPendingVoucher(t.database.db, { themeId, amountCents, buyerEmail });
      await fulfilVoucher(t.database.db, voucher.id, { mailer, siteUrl: SITE, now: clock.now() });
      const code = await codeOf(voucher.id);
      return { id: voucher.id, code, buyerEmail };
    }
    async function codeOf(id: number) {
      const [row] = await t.database.db.select().from(giftVouchers).where(eq(giftVouchers.id, id));
      return row.code ?? "";
    }

    it("payNow validates the theme, the amount, the e-mail and the return address", async () => {
      const good = { theme_id: themeId, amount: 100, email: "buyer@example.com", url: b64(`${SITE}/gift-vouchers`) };
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: 0 }, "amount"],
        [{ amount: -5 }, "amount"],
        [{ amount: 5000.01 }, "amount"],
        [{ amount: 10.005 }, "amount"],
        [{ amount: "ten" }, "amount"],
        [{ email: "nobody" }, "email"],
        [{ url: b64("javascript:alert(1)") }, "url"],
        [{ url: "%%%" }, "url"],
        [{ theme_id: 99_999 }, "theme_id"],
      ];
      for (const [change, field] of cases) {
        const res = await api.post(`${API}/payNow`, { ...good, ...change });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(change)).toContain(field);
      }
      const res = await api.post(`${API}/payNow`, { ...good, amount: 5000 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true });
      expect(res.body.payment).toMatch(/\/pay\/[\w-]{43}$/);
    });

    it("buying through the test gateway issues and mails one code, checked twice", async () => {
      const email = `gift${++n}@example.com`;
      const returnUrl = `${SITE}/gift-vouchers`;
      const res = await api.post(`${API}/payNow`, { theme_id: themeId, amount: "100.00", email, url: b64(returnUrl) });
      expect(res.status).toBe(200);
      const token = /\/pay\/([\w-]+)$/.exec(res.body.payment)![1];
      const page = await api.get(`/pay/${token}`);
      expect(page.status).toBe(200);
      const form = new URLSearchParams({ csrf: csrfOf(page.body), outcome: "paid" });
      const paid = await api.call("POST", `/pay/${token}`, { form, headers: { cookie: cookieOf(page) } });
      expect(paid.status).toBe(303);
      for (let i = 0; i < 2; i++) {
        const check = await api.get(
          `/api/v1/cognito/payment/checkPaid?url=${encodeURIComponent(b64(returnUrl))}&payum_token=${token}`,
        );
        expect(check.body.success).toBe(true);
      }
      const mails = (await outbox()).filter((m) => m.to.includes(email));
      expect(mails).toHaveLength(1);
      const code = /\b([A-Z2-9]{12})\b/.exec(mails[0].text)![1];
      expect(looksLikeVoucherCode(code)).toBe(true);
      const view = await api.get(`${API}/voucher/${code}`);
      expect(view.body.voucher).toMatchObject({ amount: 100, status: "issued" });
    });

    it("fulfilment issues a code once and mails it with the print link", async () => {
      const v = await issued(5_000);
      expect(looksLikeVoucherCode(v.code)).toBe(true);
      await fulfilVoucher(t.database.db, v.id, { mailer, siteUrl: SITE, now: clock.now() });
      expect(await codeOf(v.id)).toBe(v.code);
      const mails = (await outbox()).filter((m) => m.to.includes(v.buyerEmail));
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain("$50.00");
      expect(mails[0].text).toContain(v.code);
      expect(mails[0].text).toContain(`${SITE}/vouchers/${v.code}`);
    });

    it("answers the print view's voucher for any visitor, 404 for an unknown or pending code", async () => {
      const v = await issued(2_500);
      const res = await api.get(`${API}/voucher/${v.code}`);
      expect(res.status).toBe(200);
      expect(res.body.voucher).toMatchObject({ code: v.code, amount: 25, status: "issued", theme: { name: "Timber" } });
      expect(res.headers.get("cache-control")).toContain("private");
      expect((await api.get(`${API}/voucher/AAAAAAAAAAAA`)).status).toBe(404);
      const pending = await createPendingVoucher(t.database.db, {
        themeId,
        amountCents: 100,
        buyerEmail: "x@example.com",
      });
      expect(pending.code).toBeNull();
    });

    it("redeem needs a member, credits the balance once and refuses a second time", async () => {
      const v = await issued(10_000);
      expect((await api.post(`${API}/redeem`, { code: v.code })).status).toBe(401);
      const m = await member();
      const before = await creditBalanceCents(t.database.db, m.user.id, 1);
      const ok = await api.post(`${API}/redeem`, { code: v.code.toLowerCase() }, m.token);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, amount: 100 });
      expect(await creditBalanceCents(t.database.db, m.user.id, 1)).toBe(before + 10_000);
      const again = await api.post(`${API}/redeem`, { code: v.code }, m.token);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ success: false, message: "This voucher has already been redeemed" });
      const unknown = await api.post(`${API}/redeem`, { code: "AAAAAAAAAAAA" }, m.token);
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ success: false, message: "This code is not valid" });
      expect(await creditBalanceCents(t.database.db, m.user.id, 1)).toBe(before + 10_000);
      const view = await api.get(`${API}/voucher/${v.code}`);
      expect(view.body.voucher.status).toBe("redeemed");
    });

    it("a pending voucher's code is not valid", async () => {
      const m = await member();
      const res = await api.post(`${API}/redeem`, { code: "" }, m.token);
      expect(res.status).toBe(400);
    });

    it("rate-limits redemptions per account (429)", async () => {
      const limited = apiClient(
        createCmsApp(t.database, { clock: clock.now, mailer, siteUrl: SITE, tokenSecret: secret }),
      );
      const m = await member();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await limited.post(`${API}/redeem`, { code: "BBBBBBBBBBBB" }, m.token)).status);
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it.skipIf(driver.name !== "postgres")("20 parallel redemptions of one code: exactly one succeeds", async () => {
      const v = await issued(7_500);
      const members = await Promise.all(Array.from({ length: 20 }, () => member()));
      const answers = await Promise.all(members.map((m) => api.post(`${API}/redeem`, { code: v.code }, m.token)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(19);
      let credited = 0;
      for (const m of members) credited += await creditBalanceCents(t.database.db, m.user.id, 1);
      expect(credited).toBe(7_500);
    });

    it("the liability report: admins only, issued, redeemed, expired and outstanding in dollars", async () => {
      const plain = await member();
      expect((await api.get(`${API}/liability`)).status).toBe(401);
      expect((await api.get(`${API}/liability`, plain.token)).status).toBe(403);
      const admin = await member(true);
      const before = (await api.get(`${API}/liability`, admin.token)).body.months as {
        month: string;
        issued: number;
        redeemed: number;
        outstanding: number;
      }[];
      const nov = before.find((m) => m.month === "2026-11") ?? { issued: 0, redeemed: 0 };
      const v1 = await issued(20_000);
      await issued(5_000);
      await api.post(`${API}/redeem`, { code: v1.code }, plain.token);
      const res = await api.get(`${API}/liability`, admin.token);
      expect(res.status).toBe(200);
      const after = res.body.months.find((m: { month: string }) => m.month === "2026-11");
      expect(after.issued).toBeCloseTo(nov.issued + 250, 2);
      expect(after.redeemed).toBeCloseTo(nov.redeemed + 200, 2);
      // Nothing has expired by the test's clock (three years to use each), so all is still owed.
      expect(after.expired).toBe(0);
      expect(after.outstanding).toBeCloseTo(after.issued - after.redeemed, 2);
      expect(res.body.outstanding).toBeCloseTo(res.body.months.at(-1).outstanding, 2);
    });
  });
}
