/**
 * A member's token is checked once per site request (decision 128): the in-process calls of one
 * request share a scope, reads reuse its check, writes and the logout forget it, and a call over
 * HTTP (Node's request in `env`) or without a scope is checked every time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "../app";
import { users } from "../db/schema";
import { closeAndSettle, createCmsApp, openTestDatabase, pgliteDriver, type TestDatabase } from "../test/databases";
import { hashPassword } from "./passwords";
import { addUser, fakeClock } from "./test-support";
import { revokeFamily } from "./tokens";

const USER = "/api/v1/cognito/user";
const PASSWORD = "a long secret 1";

describe("a token checked once per site request", () => {
  let t: TestDatabase;
  let app: CmsApp;
  const clock = fakeClock();

  const call = async (method: string, path: string, token: string, env?: object, json?: unknown) => {
    const headers = new Headers({ authorization: `Bearer ${token}` });
    if (json !== undefined) headers.set("content-type", "application/json");
    const body = json === undefined ? undefined : JSON.stringify(json);
    const res = await app.fetch(new Request(`http://cms.test${path}`, { method, headers, body }), env);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** Signs in afresh: a new token of a new family, and that family's id. */
  async function signIn() {
    const res = await app.fetch(
      new Request(`http://cms.test${USER}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "sam@example.com", password: PASSWORD, fingerprint: "fp-0123456789abcdefgh" }),
      }),
    );
    const { access_token: token } = (await res.json()) as { access_token: string };
    const family = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).sid as string;
    return { token, family };
  }

  beforeAll(async () => {
    t = await openTestDatabase(pgliteDriver.name, "access-once");
    await addUser(t.database.db, { email: "sam@example.com", firstName: "Sam" });
    await t.database.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) });
    app = createCmsApp(t.database, { clock: clock.now, tokenSecret: "access-once-test-secret-0123456789-0123" });
  });
  afterAll(async () => {
    if (t) await closeAndSettle(t);
    await t?.dispose();
  });

  it("reuses a read's check within the request; a new request checks again", async () => {
    const { token, family } = await signIn();
    const request = {};
    expect((await call("GET", `${USER}/authUser`, token, request)).status).toBe(200);
    await revokeFamily(t.database.db, family, clock.now());
    // Signed out elsewhere meanwhile: this request goes on as it began…
    expect((await call("GET", `${USER}/authUser`, token, request)).status).toBe(200);
    // …and the next one is refused.
    expect((await call("GET", `${USER}/authUser`, token, {})).status).toBe(401);
  });

  it("checks every call over HTTP or without a scope", async () => {
    const { token, family } = await signIn();
    const overHttp = { incoming: {}, outgoing: {} };
    expect((await call("GET", `${USER}/authUser`, token, overHttp)).status).toBe(200);
    expect((await call("GET", `${USER}/authUser`, token)).status).toBe(200);
    await revokeFamily(t.database.db, family, clock.now());
    expect((await call("GET", `${USER}/authUser`, token, overHttp)).status).toBe(401);
    expect((await call("GET", `${USER}/authUser`, token)).status).toBe(401);
  });

  it("forgets the checks after a write and after the logout", async () => {
    const first = await signIn();
    const request = {};
    expect((await call("GET", `${USER}/authUser`, first.token, request)).status).toBe(200);
    await revokeFamily(t.database.db, first.family, clock.now());
    // A write (refused here: the family is revoked) makes the next read check again.
    expect((await call("POST", `${USER}/updateProfile`, first.token, request, { first_name: "Sam" })).status).toBe(401);
    expect((await call("GET", `${USER}/authUser`, first.token, request)).status).toBe(401);

    const second = await signIn();
    const another = {};
    expect((await call("GET", `${USER}/authUser`, second.token, another)).status).toBe(200);
    expect((await call("GET", `${USER}/logout`, second.token, another)).status).toBe(200);
    expect((await call("GET", `${USER}/authUser`, second.token, another)).status).toBe(401);
  });
});
