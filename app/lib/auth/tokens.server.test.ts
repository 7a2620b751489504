import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

import { createTransport } from "~/lib/api/transport.server";
import { getSessionStorage } from "~/lib/session.server";

import { createSessionAuth, REFRESH_MARGIN_MS, resetSharedRefreshes } from "./tokens.server";

const SECRET = "t".repeat(40);
const anything = z.unknown();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fake CMS: each refresh issues the next numbered pair; `/thing` answers as `thing` says. */
function fakeCms(thing: (token: string | null) => Response) {
  const calls: string[] = [];
  let issued = 0;
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const token = request.headers.get("authorization")?.replace("Bearer ", "") ?? null;
    calls.push(`${path} ${token ?? ""}`.trim());
    if (path.endsWith("/refreshToken")) {
      const body = (await request.json()) as { refresh_token: string; fingerprint: string };
      if (body.refresh_token === "spent" || body.fingerprint !== "fp") return json({ code: "TOKEN_INVALID" }, 401);
      // Slow enough that concurrent callers overlap.
      await new Promise((r) => setTimeout(r, 20));
      issued++;
      return json({ access_token: `access-${issued}`, refresh_token: `refresh-${issued}`, expires_in: 600 });
    }
    return thing(token);
  };
  return { fetch, calls, refreshes: () => calls.filter((c) => c.includes("/refreshToken")).length };
}

async function signedInSession(fields: { expiresAt?: number; refreshToken?: string } = {}) {
  const storage = getSessionStorage(SECRET, false);
  const session = await storage.getSession(null);
  session.set("accessToken", "access-0");
  session.set("refreshToken", fields.refreshToken ?? "refresh-0");
  session.set("fingerprint", "fp");
  session.set("member", { id: 7, name: "Alice", email: "a@example.com", roles: ["member"] });
  if (fields.expiresAt !== undefined) session.set("accessExpiresAt", fields.expiresAt);
  return session;
}

function setUp(
  cms: ReturnType<typeof fakeCms>,
  session: Awaited<ReturnType<typeof signedInSession>>,
  now: () => number,
) {
  const upstream = { fetch: cms.fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 2000 };
  const anonymous = createTransport(upstream, null);
  const storage = getSessionStorage(SECRET, false);
  const auth = createSessionAuth({
    session,
    now,
    sessionCookie: () => storage.commitSession(session),
    refresh: (refresh_token, fingerprint) =>
      anonymous.post("/api/v1/cognito/user/refreshToken", z.any(), { refresh_token, fingerprint }),
  });
  return createTransport(upstream, auth);
}

async function thrown(run: Promise<unknown>) {
  try {
    await run;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

beforeEach(() => resetSharedRefreshes());

describe("the session's bearer token", () => {
  const clock = 1_000_000;

  it("is sent as it is while more than 30 s remain", async () => {
    const cms = fakeCms(() => json({ ok: true }));
    const session = await signedInSession({ expiresAt: clock + REFRESH_MARGIN_MS + 1 });
    await setUp(cms, session, () => clock).get("/thing", anything);
    expect(cms.calls).toEqual(["/thing access-0"]);
  });

  it("is refreshed before the call when 30 s or less remain, and the session keeps the new pair", async () => {
    const cms = fakeCms(() => json({ ok: true }));
    const session = await signedInSession({ expiresAt: clock + REFRESH_MARGIN_MS });
    await setUp(cms, session, () => clock).get("/thing", anything);
    expect(cms.calls).toEqual(["/api/v1/cognito/user/refreshToken", "/thing access-1"]);
    expect(session.get("accessToken")).toBe("access-1");
    expect(session.get("refreshToken")).toBe("refresh-1");
    expect(session.get("accessExpiresAt")).toBe(clock + 600_000);
  });

  it("after TOKEN_EXPIRED, refreshes once and retries the original call", async () => {
    const cms = fakeCms((token) =>
      token === "access-0" ? json({ message: "expired", code: "TOKEN_EXPIRED" }, 401) : json({ ok: token }),
    );
    const session = await signedInSession({ expiresAt: clock + 600_000 });
    const answer = await setUp(cms, session, () => clock).post("/thing", anything, { a: 1 });
    expect(answer).toEqual({ ok: "access-1" });
    expect(cms.calls).toEqual(["/thing access-0", "/api/v1/cognito/user/refreshToken", "/thing access-1"]);
  });

  it("takes a 422 TOKEN_EXPIRED the same way", async () => {
    const cms = fakeCms((token) => (token === "access-0" ? json({ code: "TOKEN_EXPIRED" }, 422) : json({ ok: token })));
    const session = await signedInSession();
    expect(await setUp(cms, session, () => clock).get("/thing", anything)).toEqual({ ok: "access-1" });
    expect(cms.refreshes()).toBe(1);
  });

  it("shares one refresh between concurrent requests of one session", async () => {
    const cms = fakeCms((token) => json({ ok: token }));
    const a = await signedInSession({ expiresAt: clock + 10_000 });
    const b = await signedInSession({ expiresAt: clock + 10_000 });
    const [one, two, three] = await Promise.all([
      setUp(cms, a, () => clock).get("/thing", anything, { n: 1 }),
      setUp(cms, b, () => clock).get("/thing", anything, { n: 2 }),
      setUp(cms, a, () => clock).get("/thing", anything, { n: 3 }),
    ]);
    expect(cms.refreshes()).toBe(1);
    expect([one, two, three]).toEqual([{ ok: "access-1" }, { ok: "access-1" }, { ok: "access-1" }]);
    expect(b.get("refreshToken")).toBe("refresh-1");
  });

  it("a request that left with the old cookie just after gets the same new pair, not a replay", async () => {
    const cms = fakeCms((token) => json({ ok: token }));
    let now = clock;
    await setUp(cms, await signedInSession({ expiresAt: clock }), () => now).get("/thing", anything, { n: 1 });
    now += 5_000;
    const late = await signedInSession({ expiresAt: clock });
    await setUp(cms, late, () => now).get("/thing", anything, { n: 2 });
    expect(cms.refreshes()).toBe(1);
    expect(late.get("accessToken")).toBe("access-1");
  });

  for (const [name, answer] of [
    ["TOKEN_INVALID", json({ message: "Token is invalid", code: "TOKEN_INVALID" }, 401)],
    ["a bad signature", json({ message: "Signature verification failed", code: "TOKEN_INVALID" }, 422)],
    ["a bad signature without a code", json({ message: "Signature verification failed" }, 422)],
  ] as const) {
    it(`${name} clears the session's sign-in and redirects to / with the cleared cookie`, async () => {
      const cms = fakeCms(() => answer.clone());
      const session = await signedInSession({ expiresAt: clock + 600_000 });
      const response = await thrown(setUp(cms, session, () => clock).get("/thing", anything));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(response.headers.get("set-cookie")).toMatch(/^__session=/);
      for (const key of ["accessToken", "refreshToken", "accessExpiresAt", "member"] as const) {
        expect(session.get(key)).toBeUndefined();
      }
      expect(session.get("fingerprint")).toBe("fp");
    });
  }

  it("a failed refresh clears the session and redirects to /", async () => {
    const cms = fakeCms(() => json({ ok: true }));
    const session = await signedInSession({ expiresAt: clock, refreshToken: "spent" });
    const response = await thrown(setUp(cms, session, () => clock).get("/thing", anything));
    expect(response.headers.get("location")).toBe("/");
    expect(session.get("accessToken")).toBeUndefined();
    expect(cms.calls).toEqual(["/api/v1/cognito/user/refreshToken"]);
  });

  it("TOKEN_EXPIRED again after the refresh ends the sign-in instead of looping", async () => {
    const cms = fakeCms(() => json({ code: "TOKEN_EXPIRED" }, 401));
    const session = await signedInSession();
    const response = await thrown(setUp(cms, session, () => clock).get("/thing", anything));
    expect(response.headers.get("location")).toBe("/");
    expect(cms.refreshes()).toBe(1);
  });

  it("other errors pass to the caller and keep the sign-in", async () => {
    const cms = fakeCms(() => json({ message: "nope", code: "FIELD_NOT_ALLOWED" }, 403));
    const session = await signedInSession();
    await expect(setUp(cms, session, () => clock).get("/thing", anything)).rejects.toMatchObject({ status: 403 });
    expect(session.get("accessToken")).toBe("access-0");
  });
});
