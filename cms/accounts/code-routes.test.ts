/**
 * The account calls that work by mail (decisions 040 and 045), called in-process on both drivers
 * with a fake clock, the mail going into a temporary outbox that is read back as `npm run outbox`
 * reads it.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { count, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { findCodes, findLinks, parseEml } from "../../scripts/lib/eml.mjs";
import { domains, users } from "../db/schema";
import { createMailer, type Mailer } from "../mail/mailer";
import {
  closeAndSettle,
  type CmsClient,
  cmsClient,
  createCmsApp,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../test/databases";
import { CODE_TTL_MS, createCode } from "./codes";
import { ApiError } from "./errors";
import { verifyPassword } from "./passwords";
import { rotateRefreshToken } from "./refresh";
import { addUser, fakeClock } from "./test-support";
import { issueTokens, tokenKey } from "./tokens";

const API = "/api/v1/cognito/user";
const SITE = "https://shop.example";
const FP = "fingerprint-123456789";
const secret = tokenKey("code-routes-test-secret-0123456789-abcdef");
const root = fileURLToPath(new URL("../../", import.meta.url));

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`account calls by mail — ${driver.title}`, () => {
    let t: TestDatabase;
    let cms: CmsClient;
    let mailer: Mailer;
    let dataDir: string;
    const clock = fakeClock();
    let n = 0;
    /** A fresh e-mail per test: limits and codes are per e-mail, and the tests share the database. */
    const fresh = (name = "member") => `${name}${++n}@example.com`;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "code-routes");
      await t.database.db.insert(domains).values({
        name: "localhost",
        settings: { name: "Dovetail Outdoor Furniture", login_code_only: false, ask_date_of_birth: false },
      });
      dataDir = mkdtempSync(path.join(os.tmpdir(), "dovetail-code-routes-"));
      mailer = createMailer({ outboxDir: path.join(dataDir, "outbox"), from: "Dovetail <hello@example.com>" });
      cms = cmsClient(createCmsApp(t.database, { clock: clock.now, mailer, siteUrl: SITE, tokenSecret: secret }));
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** The messages written so far, oldest first. */
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
    /** The messages to one address. */
    async function mailTo(email: string) {
      return (await outbox()).filter((m) => m.to === email);
    }
    async function settings(values: Record<string, unknown>) {
      const [domain] = await t.database.db.select().from(domains);
      await t.database.db
        .update(domains)
        .set({ settings: { ...domain.settings, ...values } })
        .where(eq(domains.id, domain.id));
    }
    const link = (text: string) => new URL(findLinks(text)[0]);
    const codeIn = (text: string) => findCodes(text)[0];

    describe("POST /sendLoginLink", () => {
      it("answers the same for an unknown and a known e-mail, and mails only the member", async () => {
        const member = await addUser(t.database.db, { email: fresh(), firstName: "Ada", language: "de" });
        const stranger = fresh("stranger");
        const known = await cms.post(`${API}/sendLoginLink`, {
          email: member.email,
          fingerprint: FP,
          code_only: false,
        });
        const unknown = await cms.post(`${API}/sendLoginLink`, { email: stranger, fingerprint: FP, code_only: false });
        expect(unknown).toEqual(known);
        expect(known).toMatchObject({ status: 200, body: { ok: true } });
        expect(await mailTo(stranger)).toHaveLength(0);
        const [mail] = await mailTo(member.email);
        // The member's language, the site's name, a link to the site and the 6-digit code.
        expect(mail.subject).toBe("Anmelden bei Dovetail Outdoor Furniture");
        expect(mail.text).toContain("Hallo Ada,");
        const url = link(mail.text);
        expect(url.origin + url.pathname).toBe(`${SITE}/login`);
        expect(url.searchParams.get("email")).toBe(member.email);
        expect(url.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(url.searchParams.has("redirectTo")).toBe(false);
        expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
        expect(mail.html).toContain(`href="${findLinks(mail.text)[0].replace(/&/g, "&amp;")}"`);
      });

      it("writes the language asked for, and a same-site redirect only", async () => {
        const member = await addUser(t.database.db, { email: fresh(), language: "de" });
        await cms.post(`${API}/sendLoginLink`, {
          email: member.email.toUpperCase(),
          fingerprint: FP,
          code_only: false,
          language: "fr",
          redirect_to: "/profile?tab=1",
        });
        await cms.post(`${API}/sendLoginLink`, {
          email: member.email,
          fingerprint: FP,
          code_only: false,
          redirect_to: "//evil.example/x",
        });
        const [first, second] = await mailTo(member.email);
        expect(first.subject).toBe("Connexion à Dovetail Outdoor Furniture");
        expect(link(first.text).searchParams.get("redirectTo")).toBe("/profile?tab=1");
        expect(link(second.text).searchParams.has("redirectTo")).toBe(false);
      });

      it("sends no link with code_only, or when the site signs in with codes only", async () => {
        const member = await addUser(t.database.db, { email: fresh() });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: true });
        await settings({ login_code_only: true });
        try {
          await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: false });
        } finally {
          await settings({ login_code_only: false });
        }
        const mails = await mailTo(member.email);
        expect(mails).toHaveLength(2);
        for (const mail of mails) {
          expect(mail.subject).toBe("Your sign-in code for Dovetail Outdoor Furniture");
          expect(findLinks(mail.text)).toEqual([]);
          expect(mail.html).not.toContain("href=");
          expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
        }
      });

      it("refuses a body without a valid e-mail or fingerprint", async () => {
        const res = await cms.post(`${API}/sendLoginLink`, { email: "not an e-mail", code_only: false });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors).sort()).toEqual(["email", "fingerprint"]);
      });

      it("is limited per e-mail: 429 RATE_LIMITED with Retry-After", async () => {
        const email = fresh();
        const send = () =>
          cms.app.fetch(
            new Request(`http://cms.test${API}/sendLoginLink`, {
              method: "POST",
              headers: { "content-type": "application/json", "X-Dovetail-Client-Address": "203.0.113.9" },
              body: JSON.stringify({ email, fingerprint: FP, code_only: true }),
            }),
          );
        for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
        const limited = await send();
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(await limited.json()).toMatchObject({
          status: 429,
          code: "RATE_LIMITED",
          retry_after: expect.any(Number),
        });
      });
    });

    describe("GET or POST /loginRecoveryCode", () => {
      it("signs in once with a link's token; the mail's code is then used too", async () => {
        const member = await addUser(t.database.db, { email: fresh() });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: false });
        const [mail] = await mailTo(member.email);
        const token = link(mail.text).searchParams.get("code")!;
        const res = await cms.post(`${API}/loginRecoveryCode`, { email: member.email, code: token, fingerprint: FP });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 600, refresh_token: expect.any(String) });
        expect(decodeJwt(res.body.access_token).sub).toBe(String(member.id));
        const [verified] = await t.database.db.select().from(users).where(eq(users.id, member.id));
        expect(verified.emailVerifiedAt).not.toBeNull();
        for (const code of [token, codeIn(mail.text)]) {
          const again = await cms.post(`${API}/loginRecoveryCode`, { email: member.email, code, fingerprint: FP });
          expect(again).toMatchObject({ status: 400, body: { code: "CODE_USED", status: 400 } });
        }
      });

      it("takes the 6-digit code by GET too", async () => {
        const member = await addUser(t.database.db, { email: fresh() });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: true });
        const [mail] = await mailTo(member.email);
        const query = new URLSearchParams({ email: member.email, code: codeIn(mail.text), fingerprint: FP });
        expect((await cms.get(`${API}/loginRecoveryCode?${query}`)).body).toMatchObject({ token_type: "Bearer" });
      });

      it("says CODE_EXPIRED after 15 minutes", async () => {
        const member = await addUser(t.database.db, { email: fresh() });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: true });
        const [mail] = await mailTo(member.email);
        clock.advance(CODE_TTL_MS);
        const res = await cms.post(`${API}/loginRecoveryCode`, {
          email: member.email,
          code: codeIn(mail.text),
          fingerprint: FP,
        });
        expect(res).toMatchObject({ status: 400, body: { code: "CODE_EXPIRED" } });
      });

      it("spends the code after 5 wrong attempts", async () => {
        const member = await addUser(t.database.db, { email: fresh() });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: true });
        const code = codeIn((await mailTo(member.email))[0].text);
        const wrong = code === "111111" ? "222222" : "111111";
        for (let i = 0; i < 5; i++) {
          const res = await cms.post(`${API}/loginRecoveryCode`, { email: member.email, code: wrong, fingerprint: FP });
          expect(res).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });
        }
        const res = await cms.post(`${API}/loginRecoveryCode`, { email: member.email, code, fingerprint: FP });
        expect(res).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });
      });

      it("signs nobody in with the (never sent) codes made for an e-mail without an account", async () => {
        const stranger = fresh("stranger");
        const login = await createCode(t.database.db, { purpose: "login", email: stranger, now: clock.now() });
        const res = await cms.post(`${API}/loginRecoveryCode`, { email: stranger, code: login.code, fingerprint: FP });
        expect(res).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });
        const recovery = await createCode(t.database.db, { purpose: "recovery", email: stranger, now: clock.now() });
        const check = await cms.post(`${API}/recoverPasswordCheck`, {
          email: stranger,
          code: recovery.code,
          newpassword: "a new password",
        });
        expect(check).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });
        expect(await t.database.db.select().from(users).where(eq(users.email, stranger))).toHaveLength(0);
      });

      it("says CODE_INVALID for an e-mail without codes", async () => {
        const res = await cms.post(`${API}/loginRecoveryCode`, { email: fresh(), code: "123456", fingerprint: FP });
        expect(res).toMatchObject({ status: 400, body: { code: "CODE_INVALID", message: expect.any(String) } });
      });
    });

    describe("POST /registerLink", () => {
      it("mails a confirmation; its link creates the member once and signs in", async () => {
        const email = fresh("new");
        const res = await cms.post(`${API}/registerLink`, {
          email,
          first_name: "Grace",
          last_name: "Hopper",
          fingerprint: FP,
          language: "ja",
        });
        expect(res).toMatchObject({ status: 200, body: { ok: true } });
        const [mail] = await mailTo(email);
        expect(mail.subject).toBe("Dovetail Outdoor Furniture のアカウントを確認してください");
        const url = link(mail.text);
        expect(url.origin + url.pathname).toBe(`${SITE}/login`);
        expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
        expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

        const code = url.searchParams.get("code")!;
        const signedIn = await cms.post(`${API}/loginRecoveryCode`, { email, code, fingerprint: FP });
        expect(signedIn.status).toBe(200);
        expect(signedIn.body.access_token).toEqual(expect.any(String));
        const created = await t.database.db.select().from(users).where(eq(users.email, email));
        expect(created).toHaveLength(1);
        expect(created[0]).toMatchObject({
          firstName: "Grace",
          lastName: "Hopper",
          language: "ja",
          passwordHash: null,
        });
        expect(created[0].emailVerifiedAt).not.toBeNull();
        expect(decodeJwt(signedIn.body.access_token).sub).toBe(String(created[0].id));

        const again = await cms.post(`${API}/loginRecoveryCode`, { email, code: codeIn(mail.text), fingerprint: FP });
        expect(again).toMatchObject({ status: 400, body: { code: "CODE_USED" } });
        const [{ value }] = await t.database.db.select({ value: count() }).from(users).where(eq(users.email, email));
        expect(value).toBe(1);
      });

      it("sends an e-mail with an account the other mail, with the same answer", async () => {
        const member = await addUser(t.database.db, { email: fresh(), firstName: "Ada" });
        const newcomer = fresh("new");
        const body = { first_name: "Someone", last_name: "Else", fingerprint: FP };
        const existing = await cms.post(`${API}/registerLink`, { ...body, email: member.email });
        const fresh_ = await cms.post(`${API}/registerLink`, { ...body, email: newcomer });
        expect(existing).toEqual(fresh_);
        const [mail] = await mailTo(member.email);
        expect(mail.subject).toBe("You already have an account at Dovetail Outdoor Furniture");
        expect(mail.text).toContain("Hello Ada,");
        expect(findLinks(mail.text)).toEqual([
          `${SITE}/login`,
          `${SITE}/forgotpassword?email=${encodeURIComponent(member.email)}`,
        ]);
        expect(findCodes(mail.text)).toEqual([]);
      });

      it("answers CODE_INVALID when the e-mail got an account before the confirmation", async () => {
        const email = fresh("new");
        await cms.post(`${API}/registerLink`, { email, first_name: "A", last_name: "B", fingerprint: FP });
        const code = codeIn((await mailTo(email))[0].text);
        await addUser(t.database.db, { email });
        const res = await cms.post(`${API}/loginRecoveryCode`, { email, code, fingerprint: FP });
        expect(res).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });
      });

      it("answers 400 with errors by field", async () => {
        const res = await cms.post(`${API}/registerLink`, { email: fresh(), first_name: " ", fingerprint: FP });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ status: 400, message: expect.any(String) });
        expect(Object.keys(res.body.errors).sort()).toEqual(["first_name", "last_name"]);
      });

      it("requires a sane date of birth in the past when the site asks for one", async () => {
        const body = { first_name: "A", last_name: "B", fingerprint: FP };
        await settings({ ask_date_of_birth: true });
        try {
          const today = new Date(clock.now()).toISOString().slice(0, 10);
          for (const date_of_birth of [undefined, "", "1990-02-30", "25/11/1990", today, "1850-01-01"]) {
            const res = await cms.post(`${API}/registerLink`, { ...body, email: fresh(), date_of_birth });
            expect(res.status, String(date_of_birth)).toBe(400);
            expect(Object.keys(res.body.errors)).toEqual(["date_of_birth"]);
          }
          const email = fresh("new");
          expect((await cms.post(`${API}/registerLink`, { ...body, email, date_of_birth: "1990-02-28" })).status).toBe(
            200,
          );
          const code = codeIn((await mailTo(email))[0].text);
          expect((await cms.post(`${API}/loginRecoveryCode`, { email, code, fingerprint: FP })).status).toBe(200);
          const [created] = await t.database.db.select().from(users).where(eq(users.email, email));
          expect(created.dateOfBirth).toBe("1990-02-28");
        } finally {
          await settings({ ask_date_of_birth: false });
        }
        // Off: no date is fine.
        expect((await cms.post(`${API}/registerLink`, { ...body, email: fresh() })).status).toBe(200);
      });
    });

    describe("recovery", () => {
      it("mails a code only to a member, sets the password with it and ends every session", async () => {
        const member = await addUser(t.database.db, { email: fresh(), password: "old password" });
        const before = await issueTokens(t.database.db, {
          secret,
          userId: member.id,
          fingerprint: FP,
          now: clock.now(),
        });
        const stranger = fresh("stranger");
        const known = await cms.get(`${API}/recoverPassword?email=${encodeURIComponent(member.email)}`);
        const unknown = await cms.post(`${API}/recoverPassword`, { email: stranger });
        expect(known).toEqual(unknown);
        expect(await mailTo(stranger)).toHaveLength(0);
        const [mail] = await mailTo(member.email);
        expect(mail.subject).toBe("Reset your password at Dovetail Outdoor Furniture");
        const url = link(mail.text);
        expect(url.origin + url.pathname).toBe(`${SITE}/forgotpassword`);
        expect(url.searchParams.get("email")).toBe(member.email);
        const code = codeIn(mail.text);

        const short = await cms.post(`${API}/recoverPasswordCheck`, {
          email: member.email,
          code,
          newpassword: "short",
        });
        expect(short.status).toBe(400);
        expect(Object.keys(short.body.errors)).toEqual(["newpassword"]);
        const wrong = await cms.post(`${API}/recoverPasswordCheck`, {
          email: member.email,
          code: code === "000000" ? "000001" : "000000",
          newpassword: "a new password",
        });
        expect(wrong).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });

        const res = await cms.post(`${API}/recoverPasswordCheck`, {
          email: member.email,
          code,
          newpassword: "a new password",
        });
        expect(res).toMatchObject({ status: 200, body: { ok: true } });
        const [changed] = await t.database.db.select().from(users).where(eq(users.id, member.id));
        expect(await verifyPassword("a new password", changed.passwordHash)).toBe(true);
        expect(await verifyPassword("old password", changed.passwordHash)).toBe(false);
        await expect(
          rotateRefreshToken(t.database.db, {
            secret,
            refreshToken: before.refresh_token,
            fingerprint: FP,
            now: clock.now(),
          }),
        ).rejects.toBeInstanceOf(ApiError);

        const reused = await cms.post(`${API}/recoverPasswordCheck`, {
          email: member.email,
          code,
          newpassword: "another one",
        });
        expect(reused).toMatchObject({ status: 400, body: { code: "CODE_USED" } });
      });

      it("does not take a sign-in code as a recovery code", async () => {
        const member = await addUser(t.database.db, { email: fresh() });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: true });
        const code = codeIn((await mailTo(member.email))[0].text);
        const res = await cms.post(`${API}/recoverPasswordCheck`, {
          email: member.email,
          code,
          newpassword: "a new password",
        });
        expect(res).toMatchObject({ status: 400, body: { code: "CODE_INVALID" } });
      });
    });

    describe("npm run outbox", () => {
      it("prints the newest message's subject, link and code", async () => {
        const member = await addUser(t.database.db, { email: fresh("outbox") });
        await cms.post(`${API}/sendLoginLink`, { email: member.email, fingerprint: FP, code_only: false });
        const [mail] = await mailTo(member.email);
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [path.join(root, "scripts", "outbox.mjs"), "-n", "1"],
          {
            env: { ...process.env, DATA_DIR: dataDir },
          },
        );
        expect(stdout).toContain(`to ${member.email}`);
        expect(stdout).toContain(`Subject: ${mail.subject}`);
        expect(stdout).toContain(`Link:    ${findLinks(mail.text)[0]}`);
        expect(stdout).toContain(`Code:    ${codeIn(mail.text)}`);
        expect(stdout).toMatch(/1 of \d+ messages in .*, newest first\./);
      });
    });
  });
}
