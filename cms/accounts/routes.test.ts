/**
 * The account calls through the CMS app, on each driver: sign-in, tokens, the member, the
 * profile and its picture, addresses and credit (decision 040).
 */
import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { addresses, rateLimits, users } from "../db/schema";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { addCredit } from "./credit";
import { hashPassword } from "./passwords";
import { REFRESH_GRACE_MS } from "./refresh";
import { addUser, type ApiClient, apiClient, fakeClock, setSiteSettings } from "./test-support";
import { tokenKey } from "./tokens";

const USER = "/api/v1/cognito/user";
const ADDRESS = "/api/v1/sell/address";
const FP = "fp-0123456789abcdefgh";
const SECRET = "routes-test-secret-0123456789-0123456789";
const PASSWORD = "a long secret 1";

const FLAGS_OFF = {
  profile_edit_name: false,
  profile_edit_date_of_birth: false,
  profile_edit_drivers_licence: false,
  profile_edit_emergency_contact: false,
  profile_edit_company_name: false,
  profile_edit_company_phone: false,
  profile_edit_trading_name: false,
  profile_edit_abn: false,
  profile_edit_website: false,
  profile_edit_facebook: false,
  profile_edit_club_additional_member: false,
  profile_edit_addresses: false,
  change_date_of_birth: false,
};

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`account calls — ${driver.title}`, () => {
    let t: TestDatabase;
    let api: ApiClient;
    const clock = fakeClock();
    let sam: typeof users.$inferSelect;
    let alex: typeof users.$inferSelect;
    let admin: typeof users.$inferSelect;

    async function login(email = sam.email, password = PASSWORD, fingerprint = FP) {
      const res = await api.post(`${USER}/login`, { username: email, password, fingerprint });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { access_token: string; refresh_token: string };
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "accounts-routes");
      const db = t.database.db;
      await setSiteSettings(db, { ...FLAGS_OFF, payment_to_user_id: 1, club_additional_member_label: "Partner" });
      const passwordHash = await hashPassword(PASSWORD);
      sam = await addUser(db, { email: "Sam@Example.com", firstName: "Sam", lastName: "Taylor" });
      alex = await addUser(db, { email: "alex@example.com", firstName: "Alex" });
      admin = await addUser(db, { email: "admin@example.com", isAdmin: true });
      await db.update(users).set({ passwordHash });
      api = apiClient(createCmsApp(t.database, { clock: clock.now, tokenSecret: SECRET }));
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });
    beforeEach(async () => {
      await t.database.db.delete(rateLimits);
    });

    describe("sign-in and tokens", () => {
      it("signs in with e-mail (any case) and password, and answers the user", async () => {
        const tokens = await login("SAM@example.com ");
        expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 600 });
        const me = await api.get(`${USER}/authUser`, tokens.access_token);
        expect(me.status).toBe(200);
        expect(me.body.user).toMatchObject({
          id: sam.id,
          email: "sam@example.com",
          first_name: "Sam",
          last_name: "Taylor",
          is_admin: false,
          image: null,
          thumbnail: null,
          language: "en",
          club_additional_member: "",
        });
        expect(JSON.stringify(me.body)).not.toContain("scrypt");
        expect(me.body.user).not.toHaveProperty("password_hash");
      });

      it("answers a wrong password and an unknown user the same", async () => {
        const wrong = await api.post(`${USER}/login`, { username: sam.email, password: "nope-nope", fingerprint: FP });
        const unknown = await api.post(`${USER}/login`, {
          username: "who@example.com",
          password: "nope",
          fingerprint: FP,
        });
        expect(wrong.status).toBe(401);
        expect(wrong.body).toEqual({ message: expect.any(String), status: 401, code: "INVALID_CREDENTIALS" });
        expect(unknown.body).toEqual(wrong.body);
      });

      it("answers 400 with errors for a body missing fields", async () => {
        const res = await api.post(`${USER}/login`, { username: sam.email });
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject({ password: expect.any(Array), fingerprint: expect.any(Array) });
      });

      it("answers TOKEN_EXPIRED once the access token is 10 minutes old", async () => {
        const tokens = await login();
        clock.advance(600_000);
        const res = await api.get(`${USER}/authUser`, tokens.access_token);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ status: 401, code: "TOKEN_EXPIRED" });
      });

      it("answers a bad signature with 422 and a missing token with TOKEN_INVALID", async () => {
        const tokens = await login();
        const claims = decodeJwt(tokens.access_token);
        const forged = await new SignJWT({ ...claims, adm: true })
          .setProtectedHeader({ alg: "HS256" })
          .sign(tokenKey("another-secret-0123456789-0123456789"));
        const res = await api.get(`${USER}/authUser`, forged);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ message: "Signature verification failed", status: 422, code: "TOKEN_INVALID" });
        const none = await api.get(`${USER}/authUser`);
        expect(none.status).toBe(401);
        expect(none.body.code).toBe("TOKEN_INVALID");
      });

      it("rotates refresh tokens; a replay after the grace window revokes the family", async () => {
        const first = await login();
        const next = await api.post(`${USER}/refreshToken`, { refresh_token: first.refresh_token, fingerprint: FP });
        expect(next.status).toBe(200);
        clock.advance(REFRESH_GRACE_MS + 1);
        const replay = await api.post(`${USER}/refreshToken`, { refresh_token: first.refresh_token, fingerprint: FP });
        expect(replay.status).toBe(401);
        expect(replay.body.code).toBe("TOKEN_INVALID");
        const newer = await api.post(`${USER}/refreshToken`, {
          refresh_token: next.body.refresh_token,
          fingerprint: FP,
        });
        expect(newer.status).toBe(401);
        expect((await api.get(`${USER}/authUser`, next.body.access_token)).body.code).toBe("TOKEN_INVALID");
      });

      it("refuses a refresh with another fingerprint", async () => {
        const tokens = await login();
        const res = await api.post(`${USER}/refreshToken`, {
          refresh_token: tokens.refresh_token,
          fingerprint: "another-fingerprint-1",
        });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe("TOKEN_INVALID");
      });

      it("logs out: the access token is then TOKEN_INVALID and the refresh token too", async () => {
        const tokens = await login();
        const out = await api.get(`${USER}/logout`, tokens.access_token);
        expect(out).toMatchObject({ status: 200, body: { ok: true } });
        expect((await api.get(`${USER}/authUser`, tokens.access_token)).body.code).toBe("TOKEN_INVALID");
        const refresh = await api.post(`${USER}/refreshToken`, {
          refresh_token: tokens.refresh_token,
          fingerprint: FP,
        });
        expect(refresh.status).toBe(401);
      });

      it("rate-limits sign-in per account with 429 and Retry-After", async () => {
        for (let i = 0; i < 10; i++) {
          await api.post(`${USER}/login`, { username: alex.email, password: "wrong-wrong", fingerprint: FP });
        }
        const res = await api.post(`${USER}/login`, { username: alex.email, password: PASSWORD, fingerprint: FP });
        expect(res.status).toBe(429);
        expect(res.body).toMatchObject({ status: 429, code: "RATE_LIMITED", retry_after: expect.any(Number) });
        expect(Number(res.headers.get("retry-after"))).toBe(res.body.retry_after);
        expect(res.body.retry_after).toBeGreaterThan(0);
        expect(res.body.retry_after).toBeLessThanOrEqual(900);
      });

      it("rate-limits sign-in per client address named by the in-process header", async () => {
        // A tenth of the limits: 5 per address, 1 per account.
        const strict = apiClient(
          createCmsApp(t.database, { clock: clock.now, tokenSecret: SECRET, authRateLimit: 0.1 }),
        );
        const from = (address: string) => ({ "X-Dovetail-Client-Address": address });
        for (let i = 0; i < 5; i++) {
          const res = await strict.post(
            `${USER}/login`,
            { username: `n${i}@example.com`, password: "x", fingerprint: FP },
            undefined,
            from("203.0.113.9"),
          );
          expect(res.status).toBe(401);
        }
        const over = await strict.post(
          `${USER}/login`,
          { username: sam.email, password: PASSWORD, fingerprint: FP },
          undefined,
          from("203.0.113.9"),
        );
        expect(over.status).toBe(429);
        // Another address is not limited, and this account had been taken once (by the refused call).
        const other = await strict.post(
          `${USER}/login`,
          { username: admin.email, password: PASSWORD, fingerprint: FP },
          undefined,
          from("203.0.113.10"),
        );
        expect(other.status).toBe(200);
      });

      it("raises the limits by the authRateLimit multiplier", async () => {
        const generous = apiClient(
          createCmsApp(t.database, { clock: clock.now, tokenSecret: SECRET, authRateLimit: 1.5 }),
        );
        for (let i = 0; i < 14; i++) {
          await generous.post(`${USER}/login`, { username: alex.email, password: "wrong-wrong", fingerprint: FP });
        }
        const res = await generous.post(`${USER}/login`, { username: alex.email, password: PASSWORD, fingerprint: FP });
        expect(res.status).toBe(200);
        const over = await generous.post(`${USER}/login`, {
          username: alex.email,
          password: PASSWORD,
          fingerprint: FP,
        });
        expect(over.status).toBe(429);
      });
    });

    describe("the member", () => {
      it("answers /me and the own id; another member's id only to admins", async () => {
        const tokens = await login();
        expect((await api.get(`${USER}/me`, tokens.access_token)).body.user.id).toBe(sam.id);
        expect((await api.get(`${USER}/${sam.id}`, tokens.access_token)).body.user.id).toBe(sam.id);
        expect((await api.get(`${USER}/${alex.id}`, tokens.access_token)).status).toBe(404);
        const adminTokens = await login(admin.email);
        const seen = await api.get(`${USER}/${alex.id}`, adminTokens.access_token);
        expect(seen.body.user).toMatchObject({ id: alex.id, email: "alex@example.com" });
        expect((await api.get(`${USER}/999999`, adminTokens.access_token)).status).toBe(404);
      });

      it("answers myAccount with addresses, credit balance and settings", async () => {
        const db = t.database.db;
        await addCredit(db, { userId: sam.id, supplierId: 1, amountCents: 3000, reason: "voucher" });
        await addCredit(db, { userId: sam.id, supplierId: 1, amountCents: 2050, reason: "voucher" });
        await addCredit(db, { userId: sam.id, supplierId: 1, amountCents: -1025, reason: "order" });
        await addCredit(db, { userId: sam.id, supplierId: 7, amountCents: 999, reason: "other supplier" });
        const tokens = await login();
        const res = await api.get(`${USER}/myAccount`, tokens.access_token);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          user: { id: sam.id },
          addresses: [],
          credit_balance: 40.25,
          settings: { profile_edit_name: false, club_additional_member_label: "Partner", login_code_only: false },
        });
        expect(Object.keys(res.body.settings)).toHaveLength(16);
        const balance = await api.get(`${USER}/creditBalance`, tokens.access_token);
        expect(balance.body).toEqual({ balance: 40.25, supplier: 1 });
        const other = await api.get(`${USER}/creditBalance?supplier=7`, tokens.access_token);
        expect(other.body).toEqual({ balance: 9.99, supplier: 7 });
        expect((await api.get(`${USER}/creditBalance?supplier=x`, tokens.access_token)).status).toBe(400);
      });
    });

    describe("updateProfile", () => {
      it("writes allowed fields and refuses disallowed ones writing nothing", async () => {
        const db = t.database.db;
        const tokens = await login();
        await setSiteSettings(db, { ...FLAGS_OFF, profile_edit_name: true });
        const ok = await api.post(
          `${USER}/updateProfile`,
          { first_name: "Samantha", mobile_phone: "0400 000 000", is_admin: true, email: "SAM@example.com" },
          tokens.access_token,
        );
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);
        expect(ok.body.user).toMatchObject({ first_name: "Samantha", mobile_phone: "0400 000 000", is_admin: false });

        const refused = await api.post(
          `${USER}/updateProfile`,
          { first_name: "Sammy", company_name: "Taylor & Co", email: "new@example.com" },
          tokens.access_token,
        );
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          status: 403,
          code: "FIELD_NOT_ALLOWED",
          errors: { company_name: [expect.any(String)], email: [expect.any(String)] },
        });
        const [row] = await db.select().from(users).where(eq(users.id, sam.id));
        expect(row).toMatchObject({ firstName: "Samantha", companyName: "", email: "sam@example.com" });

        // A field sent unchanged is not a change.
        const same = await api.post(
          `${USER}/updateProfile`,
          { company_name: "", first_name: "Sam" },
          tokens.access_token,
        );
        expect(same.status).toBe(200);
        await setSiteSettings(db, FLAGS_OFF);
      });

      it("validates values with errors by field", async () => {
        const tokens = await login();
        const res = await api.post(
          `${USER}/updateProfile`,
          { mobile_phone: "call me", date_of_birth: "2001-02-30", newpassword: "short" },
          tokens.access_token,
        );
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.errors).sort()).toEqual(["date_of_birth", "mobile_phone", "newpassword"]);
      });

      it("sets an empty date of birth once; changing it needs change_date_of_birth", async () => {
        const db = t.database.db;
        const tokens = await login(alex.email);
        const set = (date_of_birth: string | null) =>
          api.post(`${USER}/updateProfile`, { date_of_birth }, tokens.access_token);
        expect((await set("1990-05-01")).status).toBe(403);
        await setSiteSettings(db, { ...FLAGS_OFF, profile_edit_date_of_birth: true });
        expect((await set("1990-05-01")).body.user.date_of_birth).toBe("1990-05-01");
        const again = await set("1991-06-02");
        expect(again.status).toBe(403);
        expect(again.body.errors).toHaveProperty("date_of_birth");
        expect((await set(null)).status).toBe(403);
        await setSiteSettings(db, { change_date_of_birth: true });
        expect((await set("1991-06-02")).body.user.date_of_birth).toBe("1991-06-02");
        await setSiteSettings(db, FLAGS_OFF);
      });

      it("changes the password, keeping this device signed in and signing the others out", async () => {
        const db = t.database.db;
        const member = await addUser(db, { email: "pw@example.com", password: PASSWORD });
        const here = await login(member.email);
        const there = await login(member.email, PASSWORD, "other-device-0000000");
        const res = await api.post(`${USER}/updateProfile`, { newpassword: "a brand new one" }, here.access_token);
        expect(res.status).toBe(200);
        expect((await api.get(`${USER}/authUser`, here.access_token)).status).toBe(200);
        expect((await api.get(`${USER}/authUser`, there.access_token)).body.code).toBe("TOKEN_INVALID");
        const old = await api.post(`${USER}/login`, { username: member.email, password: PASSWORD, fingerprint: FP });
        expect(old.status).toBe(401);
        await login(member.email, "a brand new one");
      });
    });

    describe("uploadImage", () => {
      async function upload(token: string, bytes: Uint8Array, type = "image/png") {
        const form = new FormData();
        form.set("image", new Blob([new Uint8Array(bytes)], { type }), "me.png");
        return api.call("POST", `${USER}/uploadImage`, { form, token });
      }

      it("stores a real picture cropped square and answers its image", async () => {
        const db = t.database.db;
        const tokens = await login();
        const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366aa" } })
          .png()
          .toBuffer();
        const res = await upload(tokens.access_token, png);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [row] = await db.select().from(users).where(eq(users.id, sam.id));
        expect(row.imageHash).toMatch(/^[0-9a-f]{32}$/);
        expect(res.body.user.image).toMatchObject({ aspect: "1x1", url: expect.stringContaining(row.imageHash!) });
        expect(res.body.user.thumbnail).toBe(`/assets/i/${row.imageHash}/1x1/100.jpg`);
        const stored = await db.query.images.findFirst({ where: (i, { eq: is }) => is(i.hash, row.imageHash!) });
        expect(stored).toMatchObject({ width: 200, height: 200, mime: "image/jpeg" });
        const shaped = await api.get(`${USER}/me?image_aspect=orig&image_width=200`, tokens.access_token);
        expect(shaped.body.user.image).toMatchObject({ aspect: "orig", width: 200, height: 200 });
      });

      it("refuses something that is not an image (400) and a picture over 5 MB (413)", async () => {
        const tokens = await login();
        const text = await upload(tokens.access_token, new TextEncoder().encode("not an image at all"));
        expect(text.status).toBe(400);
        expect(text.body.errors).toHaveProperty("image");
        const big = await upload(tokens.access_token, new Uint8Array(6 * 1024 * 1024));
        expect(big.status).toBe(413);
        expect(big.body.errors).toHaveProperty("image");
      });
    });

    describe("addresses", () => {
      const address = {
        first_name: "Sam",
        last_name: "Taylor",
        street_address: "1 Main Street",
        city: "Brisbane",
        state: "QLD",
        postcode: "4000",
        country: "au",
      };

      it("lists always, changes only with profile_edit_addresses", async () => {
        const tokens = await login();
        expect((await api.get(ADDRESS, tokens.access_token)).body).toEqual({ data: [] });
        const refused = await api.post(`${ADDRESS}/create`, address, tokens.access_token);
        expect(refused.status).toBe(403);
        expect((await api.get(ADDRESS)).status).toBe(401);
      });

      it("creates, validates, and checks the owner on enable and disable", async () => {
        const db = t.database.db;
        await setSiteSettings(db, { profile_edit_addresses: true });
        const samTokens = await login();
        const alexTokens = await login(alex.email);
        const created = await api.post(`${ADDRESS}/create`, address, samTokens.access_token);
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        expect(created.body.data).toMatchObject({ ...address, country: "AU", enabled: true });
        const id = created.body.data.id;
        const [row] = await db.select().from(users).where(eq(users.id, sam.id));
        expect(row.currentAddressId).toBe(id);

        const bad = await api.post(
          `${ADDRESS}/create`,
          { ...address, city: "", country: "Australia" },
          samTokens.access_token,
        );
        expect(bad.status).toBe(400);
        expect(Object.keys(bad.body.errors).sort()).toEqual(["city", "country"]);

        expect((await api.post(`${ADDRESS}/disable`, { id }, alexTokens.access_token)).status).toBe(404);
        const [still] = await db.select().from(addresses).where(eq(addresses.id, id));
        expect(still.enabled).toBe(true);

        const disabled = await api.post(`${ADDRESS}/disable`, { id }, samTokens.access_token);
        expect(disabled.body.data.enabled).toBe(false);
        expect((await api.get(ADDRESS, samTokens.access_token)).body.data).toHaveLength(1);
        expect((await api.post(`${ADDRESS}/enable`, { id }, samTokens.access_token)).body.data.enabled).toBe(true);
        const account = await api.get(`${USER}/myAccount`, samTokens.access_token);
        expect(account.body.addresses).toHaveLength(1);
        await setSiteSettings(db, FLAGS_OFF);
      });
    });
  });
}
