/**
 * The forms calls (decisions 051 and 054) on both drivers with a fake clock: the seeded forms,
 * a submission stored once per idempotency key, sign-in, the captcha, the mails in a temporary
 * outbox and the signature image.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseEml } from "../../scripts/lib/eml.mjs";
import { addUser, apiClient, fakeClock } from "../accounts/test-support";
import { issueTokens, tokenKey } from "../accounts/tokens";
import { domains, forms, formSubmissions, images, payments } from "../db/schema";
import { createMailer, type Mailer } from "../mail/mailer";
import { fulfilPayment } from "../payments/service";
import { readSeeds } from "../seed";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { solveChallenge, solves } from "./captcha";
import { seedForms } from "./seed";

const API = "/api/v1/cognito";
/** A signature: a small PNG (made in beforeAll). */
let SIGNATURE = "";
const secret = tokenKey("forms-routes-test-secret-0123456789-abcdef");

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`form calls — ${driver.title}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let mailer: Mailer;
    let dataDir: string;
    const clock = fakeClock();
    let n = 0;
    const key = () => `key-${++n}-${driver.name}`;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "forms-routes");
      const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#fff" } })
        .png()
        .toBuffer();
      SIGNATURE = `data:image/png;base64,${png.toString("base64")}`;
      const db = t.database.db;
      await db.insert(domains).values({
        name: "localhost",
        settings: { name: "Dovetail Outdoor Furniture", organisation_email: "hello@dovetail.test" },
      });
      await seedForms(db, readSeeds().forms ?? []);
      await db.insert(forms).values({
        name: "Members' feedback",
        url: "members-feedback",
        mustBeLoggedOn: true,
        notifyEmail: "feedback@dovetail.test",
        questions: [{ id: 1, name: "comment", label: "Comment", field_type: "textarea", required: true }],
      });
      dataDir = mkdtempSync(path.join(os.tmpdir(), "dovetail-forms-"));
      mailer = createMailer({ outboxDir: path.join(dataDir, "outbox"), from: "Dovetail <hello@example.com>" });
      // The captcha at 10 bits, not the default 18: each solve below is then about 1,000 hashes, not
      // 262,144 (half a second of CPU each). The default is checked on an app of its own.
      api = apiClient(
        createCmsApp(t.database, { clock: clock.now, mailer, tokenSecret: secret, captchaDifficulty: 10 }),
      );
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    async function outbox() {
      await mailer.flush();
      const dir = path.join(dataDir, "outbox");
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
      } catch {
        files = [];
      }
      return files.sort().map((f) => parseEml(readFileSync(path.join(dir, f), "utf8")));
    }
    const submissions = async (formId: number) =>
      (await t.database.db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formId, formId)))[0].n;

    /** A solved challenge for a form. */
    async function solved(formId: number) {
      const { body } = await api.call("GET", `${API}/form/captcha?form=${formId}`);
      return { challenge: body.challenge as string, solution: solveChallenge(body.challenge, body.difficulty) };
    }

    const contact = (extra: Record<string, unknown> = {}) => ({
      name: "Ada <Lovelace>",
      email: `ada${++n}@example.com`,
      phone: "0400 000 000",
      message: "A table for 8, please.",
      ...extra,
    });

    describe("GET /form", () => {
      it("finds a form by id and by url, in the contract's shape", async () => {
        const byId = await api.call("GET", `${API}/form?id=3`);
        expect(byId.status).toBe(200);
        expect(byId.body.form).toMatchObject({
          id: 3,
          name: "Workshop booking",
          url: "workshop-booking",
          use_captcha: false,
          must_be_logged_on: false,
          cost: 95,
          version: 1,
          data: [],
        });
        expect(byId.body.form.questions.map((q: { name: string }) => q.name)).toContain("signature");
        const byUrl = await api.call("GET", `${API}/form?url=contact`);
        expect(byUrl.body.form).toMatchObject({ id: 1, name: "Contact us", use_captcha: true, cost: 0 });
        expect(byUrl.body.form.thank_you).not.toBe("");
      });

      it("answers 404 for an unknown form and 400 without id or url", async () => {
        expect((await api.call("GET", `${API}/form?id=999`)).status).toBe(404);
        expect((await api.call("GET", `${API}/form?url=nope`)).status).toBe(404);
        expect((await api.call("GET", `${API}/form`)).status).toBe(400);
      });
    });

    describe("POST /form/submit/:id", () => {
      it("stores a submission with the form's version and questions and mails the business and the sender", async () => {
        const data = contact();
        const res = await api.call("POST", `${API}/form/submit/1`, {
          json: { data, url: "https://shop.example/contact", idempotency_key: key(), captcha: await solved(1) },
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, message: expect.stringContaining("Thank you") });
        const [row] = await t.database.db
          .select()
          .from(formSubmissions)
          .where(eq(formSubmissions.url, "https://shop.example/contact"));
        expect(row).toMatchObject({ formId: 1, formVersion: 1, status: "received", answers: { email: data.email } });
        expect(row.questions).toHaveLength(5);
        const mails = await outbox();
        const business = mails.filter((m) => m.to === "hello@dovetail.test").at(-1)!;
        expect(business.subject).toBe("New submission: Contact us");
        expect(business.text).toContain("Your name: Ada <Lovelace>");
        expect(business.html).toContain("Ada &lt;Lovelace&gt;");
        expect(business.html).not.toContain("<Lovelace>");
        const receipt = mails.find((m) => m.to === data.email)!;
        expect(receipt.subject).toBe("We received your form: Contact us");
        expect(receipt.text).toContain("A table for 8, please.");
      });

      it("writes the receipt in the sender's language", async () => {
        const data = contact();
        await api.call("POST", `${API}/form/submit/1`, {
          json: { data, url: "", idempotency_key: key(), captcha: await solved(1), language: "de" },
        });
        const receipt = (await outbox()).find((m) => m.to === data.email)!;
        expect(receipt.subject).toBe("Wir haben Ihr Formular erhalten: Contact us");
      });

      it("answers 400 with the errors by field", async () => {
        const res = await api.call("POST", `${API}/form/submit/1`, {
          json: { data: { email: "nope" }, url: "", idempotency_key: key(), captcha: await solved(1) },
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          success: false,
          error: "The given data was invalid",
          errors: { name: ["is required"], email: ["must be an e-mail address"], message: ["is required"] },
        });
        const missingKey = await api.call("POST", `${API}/form/submit/1`, { json: { data: contact() } });
        expect(missingKey.status).toBe(400);
        expect(missingKey.body.errors.idempotency_key).toBeDefined();
        expect(
          (await api.call("POST", `${API}/form/submit/999`, { json: { data: {}, idempotency_key: key() } })).status,
        ).toBe(404);
      });

      it("stores one submission for the same key, sent twice in turn or at once", async () => {
        const before = await submissions(2);
        const body = (k: string) => ({
          data: { name: "Sam", email: "sam@example.com", timber: "Ironbark", product: "Bench" },
          url: "",
          idempotency_key: k,
        });
        const k1 = key();
        const c1 = await solved(2);
        const first = await api.call("POST", `${API}/form/submit/2`, { json: { ...body(k1), captcha: c1 } });
        const again = await api.call("POST", `${API}/form/submit/2`, { json: { ...body(k1), captcha: c1 } });
        expect(first.status).toBe(200);
        expect(again).toMatchObject({ status: 200, body: first.body });
        expect(await submissions(2)).toBe(before + 1);

        const k2 = key();
        const c2 = await solved(2);
        const parallel = await Promise.all(
          Array.from({ length: 4 }, () =>
            api.call("POST", `${API}/form/submit/2`, { json: { ...body(k2), captcha: c2 } }),
          ),
        );
        for (const res of parallel) expect(res).toMatchObject({ status: 200, body: first.body });
        expect(await submissions(2)).toBe(before + 2);
      });

      it("asks for a member when the form must be logged on", async () => {
        const [form] = await t.database.db.select().from(forms).where(eq(forms.url, "members-feedback"));
        const path = `${API}/form/submit/${form.id}`;
        const json = () => ({ data: { comment: "Lovely bench" }, url: "", idempotency_key: key() });
        const anonymous = await api.call("POST", path, { json: json() });
        expect(anonymous).toMatchObject({ status: 401, body: { code: "LOGIN_REQUIRED" } });
        const bad = await api.call("POST", path, { json: json(), token: "not-a-token" });
        expect(bad.status).toBe(401);
        const member = await addUser(t.database.db, { email: `member${++n}@example.com` });
        const tokens = await issueTokens(t.database.db, {
          secret,
          userId: member.id,
          fingerprint: "fp-123456789",
          now: clock.now(),
        });
        const signedIn = await api.call("POST", path, { json: json(), token: tokens.access_token });
        expect(signedIn.status).toBe(200);
        const [row] = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.formId, form.id));
        expect(row.userId).toBe(member.id);
        expect((await outbox()).some((m) => m.to === "feedback@dovetail.test")).toBe(true);
      });
    });

    describe("captcha", () => {
      const submit = (captcha: unknown, data: Record<string, unknown> = contact()) =>
        api.call("POST", `${API}/form/submit/1`, { json: { data, url: "", idempotency_key: key(), captcha } });

      it("refuses a missing, forged, unsolved or expired challenge", async () => {
        const before = await submissions(1);
        expect(await submit(undefined)).toMatchObject({
          status: 400,
          body: { success: false, code: "CAPTCHA_FAILED", errors: { captcha: ["is required"] } },
        });
        const good = await solved(1);
        const [body, signature] = good.challenge.split(".");
        const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), f: 1, e: 9e15 })).toString("base64url")}.${signature}`;
        expect((await submit({ challenge: forged, solution: "1" })).body.errors).toEqual({ captcha: ["is not valid"] });
        // At 10 bits one guess in 1,024 solves: the wrong answer is one that checks as wrong.
        let wrong = 0;
        while (solves(good.challenge, `not-it-${wrong}`, 10)) wrong++;
        expect((await submit({ challenge: good.challenge, solution: `not-it-${wrong}` })).body.errors).toEqual({
          captcha: ["is not solved"],
        });
        // A challenge for another form.
        expect((await submit(await solved(2))).body.errors).toEqual({ captcha: ["is not valid"] });
        const old = await solved(1);
        clock.advance(31 * 60_000);
        expect((await submit(old)).body.errors).toEqual({ captcha: ["has expired"] });
        expect(await submissions(1)).toBe(before);
      });

      it("accepts a solved challenge once", async () => {
        const captcha = await solved(1);
        expect((await submit(captcha)).status).toBe(200);
        expect(await submit(captcha)).toMatchObject({ status: 400, body: { errors: { captcha: ["has been used"] } } });
      });

      it("without JavaScript: the honeypot must stay empty and 3 seconds must pass", async () => {
        const { body } = await api.call("GET", `${API}/form/captcha?form=1`);
        const nojs = { challenge: body.challenge, nojs: true };
        expect((await submit(nojs)).body.errors).toEqual({ captcha: ["was sent too fast"] });
        clock.advance(3000);
        expect((await submit(nojs, contact({ website: "http://spam.example" }))).body.errors).toEqual({
          captcha: ["is not valid"],
        });
        expect((await submit(nojs)).status).toBe(200);
      });

      it("asks for the app's captchaDifficulty (CAPTCHA_DIFFICULTY) bits of work, 18 by default", async () => {
        const byDefault = apiClient(createCmsApp(t.database, { clock: clock.now, mailer }));
        expect((await byDefault.call("GET", `${API}/form/captcha?form=1`)).body.difficulty).toBe(18);
        const { body } = await api.call("GET", `${API}/form/captcha?form=1`);
        expect(body.difficulty).toBe(10);
        const captcha = { challenge: body.challenge, solution: solveChallenge(body.challenge, 10) };
        const res = await api.call("POST", `${API}/form/submit/1`, {
          json: { data: contact(), url: "", idempotency_key: key(), captcha },
        });
        expect(res.status).toBe(200);
      });

      it("is not needed when the form does not use it", async () => {
        await t.database.db.update(forms).set({ useCaptcha: false }).where(eq(forms.id, 2));
        const res = await api.call("POST", `${API}/form/submit/2`, {
          json: { data: { name: "Kim", email: "kim@example.com" }, url: "", idempotency_key: key() },
        });
        expect(res.status).toBe(200);
        await t.database.db.update(forms).set({ useCaptcha: true }).where(eq(forms.id, 2));
      });
    });

    describe("signature", () => {
      async function signatureForm(url: string) {
        const [form] = await t.database.db
          .insert(forms)
          .values({
            name: `Sign ${url}`,
            url,
            questions: [
              { id: 1, name: "email", label: "Email", field_type: "email", required: true },
              { id: 2, name: "signature", label: "Signature", field_type: "signature", required: true },
            ],
          })
          .returning();
        return form;
      }

      it("stores a PNG and an SVG (rasterised) through the image store and keeps the hash", async () => {
        const form = await signatureForm("sign-here");
        const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#fff" } })
          .png()
          .toBuffer();
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="30"><path d="M2 20 L58 5" stroke="#000"/></svg>',
        );
        for (const [mime, bytes] of [
          ["image/png", png],
          ["image/svg+xml", svg],
        ] as const) {
          const res = await api.call("POST", `${API}/form/submit/${form.id}`, {
            json: {
              data: { email: "sig@example.com", signature: `data:${mime};base64,${bytes.toString("base64")}` },
              url: "",
              idempotency_key: key(),
            },
          });
          expect(res.status).toBe(200);
        }
        const rows = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.formId, form.id));
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.signatureHash).toMatch(/^[0-9a-f]{32}$/);
          expect(row.answers.signature).toBe(row.signatureHash);
          const [image] = await t.database.db.select().from(images).where(eq(images.hash, row.signatureHash!));
          expect(image.mime).toBe("image/png");
        }
        const receipt = (await outbox()).filter((m) => m.to === "sig@example.com").at(-1)!;
        expect(receipt.text).toContain("Signature: (signed)");
      });

      it("takes a body as large as a 2 MB signature", async () => {
        const form = await signatureForm("sign-large");
        const res = await api.call("POST", `${API}/form/submit/${form.id}`, {
          json: {
            data: { email: "sig@example.com", signature: `data:image/png;base64,${"A".repeat(1_500_000)}` },
            url: "",
            idempotency_key: key(),
          },
        });
        expect(res).toMatchObject({ status: 400, body: { errors: { signature: ["must be a signature image"] } } });
      });

      it("refuses an image that is not one", async () => {
        const form = await signatureForm("sign-bad");
        const res = await api.call("POST", `${API}/form/submit/${form.id}`, {
          json: {
            data: {
              email: "sig@example.com",
              signature: `data:image/png;base64,${Buffer.from("not a png").toString("base64")}`,
            },
            url: "",
            idempotency_key: key(),
          },
        });
        expect(res).toMatchObject({ status: 400, body: { errors: { signature: ["must be a signature image"] } } });
        expect(await submissions(form.id)).toBe(0);
      });
    });

    describe("a form with a cost", () => {
      const booking = (extra: Record<string, unknown> = {}) => ({
        name: "Pat",
        email: "pat@example.com",
        phone: "0400 111 222",
        date: "05/12/2026",
        attendees: "2",
        signature: SIGNATURE,
        accept_waiver: "1",
        ...extra,
      });

      it("waits for payment, answers the gateway address, and mails once the payment is fulfilled", async () => {
        const k = key();
        const json = { data: booking(), url: "https://shop.example/workshop", idempotency_key: k, language: "fr" };
        const res = await api.call("POST", `${API}/form/submit/3`, { json });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({
          success: true,
          payment: expect.stringMatching(/\/pay\/[\w-]{43}$/),
        });
        const again = await api.call("POST", `${API}/form/submit/3`, { json });
        expect(again.body).toEqual(res.body);
        const [row] = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.idempotencyKey, k));
        expect(row).toMatchObject({
          status: "awaiting_payment",
          formVersion: 1,
          answers: { date: "2026-12-05", accept_waiver: "1" },
        });
        expect(row.paymentId).not.toBeNull();
        // The gateway's address (it holds the token) is kept apart from the answers staff read.
        expect(row.paymentUrl).toBe(res.body.payment);
        expect(JSON.stringify(row.answers)).not.toContain("/pay/");
        const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, row.paymentId!));
        expect(payment).toMatchObject({
          kind: "form",
          referenceId: row.id,
          // A$95 a person, two people.
          amountCents: 19_000,
          description: "Workshop booking: 2 × $95.00",
          status: "pending",
          email: "pat@example.com",
        });
        expect((await outbox()).filter((m) => m.to === "pat@example.com")).toHaveLength(0);

        // A pending payment fulfils nothing; a paid one marks the submission paid and mails, once.
        expect((await fulfilPayment(t.database.db, payment.id, { mailer })).fulfilled).toBe(false);
        await t.database.db
          .update(payments)
          .set({ status: "paid", paidAt: new Date(clock.now()) })
          .where(eq(payments.id, payment.id));
        expect((await fulfilPayment(t.database.db, payment.id, { mailer })).fulfilled).toBe(true);
        expect((await fulfilPayment(t.database.db, payment.id, { mailer })).fulfilled).toBe(false);
        const [paid] = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.id, row.id));
        expect(paid).toMatchObject({ status: "paid", paymentUrl: null });
        const receipts = (await outbox()).filter((m) => m.to === "pat@example.com");
        expect(receipts).toHaveLength(1);
        // A receipt: the amount, the places and the day in words, and the tickets, one per place.
        expect(receipts[0].subject).toBe("Votre reçu de Dovetail Outdoor Furniture : Workshop booking");
        expect(receipts[0].text).toContain("$190.00");
        expect(receipts[0].text).toContain("Places réservées : 2, le 5 décembre 2026.");
        expect(paid.ticketCode).toMatch(/^[A-Z2-9]{12}$/);
        expect(receipts[0].text).toContain(`/tickets/${paid.ticketCode}`);
        const tickets = await api.call("GET", `${API}/form/tickets/${paid.ticketCode}`);
        expect(tickets.body.data).toMatchObject({
          form: "Workshop booking",
          date: "2026-12-05",
          holder: "Pat",
          places: 2,
          tickets: [
            { number: 1, code: `${paid.ticketCode}-1` },
            { number: 2, code: `${paid.ticketCode}-2` },
          ],
        });
        expect((await api.call("GET", `${API}/form/tickets/AAAAAAAAAAAA`)).status).toBe(404);
        expect(
          (await outbox()).some(
            (m) => m.to === "hello@dovetail.test" && m.subject === "New submission: Workshop booking",
          ),
        ).toBe(true);
        const after = await api.call("POST", `${API}/form/submit/3`, { json });
        expect(after.body).toEqual({ success: true, message: res.body.message });
      });

      it("refuses part of a person, a past day and a day the workshop does not run, beside each field", async () => {
        const cases: [Record<string, unknown>, Record<string, string[]>][] = [
          [{ attendees: "2.5" }, { attendees: ["must be a whole number"] }],
          [{ attendees: "0" }, { attendees: ["must be at least 1"] }],
          // The fake clock's today is 25 November 2026 (a Wednesday) in Brisbane.
          [{ date: "21/11/2026" }, { date: ["must not be in the past"] }],
          [{ date: "28/11/2026" }, { date: ["is not an available day"] }], // a Saturday, but within the week
          [{ date: "08/12/2026" }, { date: ["is not an available day"] }], // a Tuesday
          [{ date: "26/12/2026" }, { date: ["is not an available day"] }], // Boxing Day, listed as not running
        ];
        for (const [change, errors] of cases) {
          const res = await api.call("POST", `${API}/form/submit/3`, {
            json: { data: booking(change), url: "https://shop.example/workshop", idempotency_key: key() },
          });
          expect(res, JSON.stringify(change)).toMatchObject({ status: 400, body: { errors } });
        }
        const six = await api.call("POST", `${API}/form/submit/3`, {
          json: { data: booking({ attendees: "6" }), url: "https://shop.example/workshop", idempotency_key: key() },
        });
        expect(six.status).toBe(200);
      });

      it("stores nothing when the waiver is not accepted", async () => {
        const res = await api.call("POST", `${API}/form/submit/3`, {
          json: {
            data: booking({ accept_waiver: "0", attendees: "7" }),
            url: "https://shop.example/workshop",
            idempotency_key: key(),
          },
        });
        expect(res).toMatchObject({
          status: 400,
          body: { errors: { accept_waiver: ["is required"], attendees: ["must be at most 6"] } },
        });
      });
    });

    it("rate-limits submissions per client address", async () => {
      const headers = { "X-Dovetail-Client-Address": "203.0.113.9" };
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        statuses.push((await api.call("POST", `${API}/form/submit/999`, { json: {}, headers })).status);
      }
      expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });
}
