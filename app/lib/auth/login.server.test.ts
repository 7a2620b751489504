import { describe, expect, it } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";
import { SwrCache } from "~/lib/api/cache.server";
import { createLoadContext } from "~/lib/load-context.server";
import { getSessionStorage, seal } from "~/lib/session.server";

import { loginAction } from "./login.server";

const SECRET = "q".repeat(40);
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** Posts a login form with the session's CSRF token to loginAction over a fake CMS. */
async function post(fields: Record<string, string>, cms: (path: string, body: unknown) => Response) {
  const calls: { path: string; address: string | null }[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push({ path, address: request.headers.get("x-dovetail-client-address") });
    return cms(path, request.method === "POST" ? await request.json() : null);
  };
  const cookie = `__session=${btoa(JSON.stringify(seal({ csrf: "c1", redirectTo: "/checkout" }, SECRET)))}`;
  const request = new Request("https://dovetail.example/login", {
    method: "POST",
    body: new URLSearchParams({ csrf: "c1", ...fields }),
    headers: { cookie, "accept-language": "fr" },
  });
  const context = createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: { fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1000 },
    upstreamCache: new SwrCache(),
    sessionSecret: SECRET,
    production: false,
    clientAddress: "203.0.113.7",
  });
  const result = await loginAction(request, context);
  return { result: result as unknown as Response & { data: unknown; init: ResponseInit }, calls };
}

const user = { id: 3, first_name: "Sam", last_name: "Taylor", email: "sam@example.com" };

describe("the login action", () => {
  it("signs in with the password, tells the CMS the visitor's address, and goes to redirectTo", async () => {
    const { result, calls } = await post(
      { intent: "password", email: "sam@example.com", password: "secret" },
      (path) =>
        path.endsWith("/login") ? json({ access_token: "a1", refresh_token: "r1", expires_in: 600 }) : json({ user }),
    );
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe("/checkout");
    // Then the settings: with the shop open the visitor's cart would merge into the member's.
    expect(calls.map((c) => c.path)).toEqual([
      "/api/v1/cognito/user/login",
      "/api/v1/cognito/user/authUser",
      "/api/v1/cognito/domain/currentDomain",
    ]);
    expect(calls.every((c) => c.address === "203.0.113.7")).toBe(true);
    const session = await getSessionStorage(SECRET, false).getSession(result.headers.get("set-cookie"));
    expect(session.get("accessToken")).toBe("a1");
    expect(session.get("csrf")).not.toBe("c1");
    expect(session.get("fingerprint")).toMatch(/^[\w-]{21}$/);
  });

  it("wrong credentials: 401, the email kept, the password never sent back, a translated message", async () => {
    const { result } = await post({ intent: "password", email: "sam@example.com", password: "nope" }, () =>
      json({ message: "Invalid credentials", code: "INVALID_CREDENTIALS" }, 401),
    );
    expect(result.init.status).toBe(401);
    const reply = JSON.stringify(result.data);
    expect(reply).toContain("sam@example.com");
    expect(reply).not.toContain("nope");
    expect(reply).toContain("Cet e-mail et ce mot de passe ne correspondent à aucun compte.");
  });

  it("rate limited: 429 with Retry-After and a translated message", async () => {
    const { result } = await post({ intent: "password", email: "sam@example.com", password: "x" }, () =>
      json({ message: "Too many", code: "RATE_LIMITED", retry_after: 120 }, 429, { "Retry-After": "120" }),
    );
    expect(result.init.status).toBe(429);
    expect(new Headers(result.init.headers).get("Retry-After")).toBe("120");
    expect(JSON.stringify(result.data)).toContain("Réessayez dans 2 min.");
  });

  it("a used code says so", async () => {
    const { result } = await post({ intent: "code", email: "sam@example.com", code: "123456" }, () =>
      json({ message: "used", code: "CODE_USED" }, 400),
    );
    expect(result.init.status).toBe(400);
    expect(JSON.stringify(result.data)).toContain("Ce code a déjà été utilisé.");
  });

  it("asking for a link always says it is on its way, with code_only from the settings", async () => {
    const bodies: unknown[] = [];
    const { result } = await post({ intent: "link", email: "who@example.com" }, (path, body) => {
      if (path.endsWith("/currentDomain")) return json({ data: { name: "D", login_code_only: true } });
      bodies.push(body);
      return json({ ok: true });
    });
    expect(result.init.status).toBe(200);
    expect(result.data).toMatchObject({ intent: "link", sent: { email: "who@example.com", codeOnly: true } });
    expect(bodies[0]).toMatchObject({
      email: "who@example.com",
      code_only: true,
      language: "fr",
      redirect_to: "/checkout",
    });
  });
});
