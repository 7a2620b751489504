import { describe, expect, it } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";

import { SwrCache } from "./api/cache.server";
import { requireAdmin, requireMember } from "./auth.server";
import { createLoadContext } from "./load-context.server";
import { seal, type SessionData } from "./session.server";

const SECRET = "a".repeat(40);
const alice = { id: 7, name: "Alice", email: "alice@example.com", roles: ["member"] };
const admin = { id: 1, name: "Ada", email: "ada@example.com", roles: ["member", "admin"] };

/** A request carrying a fabricated session, sealed as the login will seal it. */
function requestAs(url: string, session: SessionData | null) {
  // Remix's cookie encodes its value as base64 of its JSON.
  const cookie = session ? `__session=${btoa(JSON.stringify(seal(session, SECRET)))}` : "";
  return new Request(url, { headers: cookie ? { cookie } : {} });
}

const noUpstream = () => Promise.reject(new Error("no upstream"));

function contextFor(request: Request) {
  return createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: { fetch: noUpstream, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1 },
    upstreamCache: new SwrCache(),
    sessionSecret: SECRET,
    production: false,
  });
}

/** What a require* helper threw (a Response), or its result. */
async function outcome<T>(run: Promise<T>): Promise<{ thrown: Response } | { value: T }> {
  try {
    return { value: await run };
  } catch (error) {
    if (error instanceof Response) return { thrown: error };
    throw error;
  }
}

async function redirectTarget(url: string, session: SessionData | null) {
  const request = requestAs(url, session);
  const result = await outcome(requireMember(request, contextFor(request)));
  if (!("thrown" in result)) throw new Error("expected a redirect");
  expect(result.thrown.status).toBe(302);
  return result.thrown.headers.get("location");
}

describe("requireMember", () => {
  it("sends an anonymous visitor to log in, then back to the same path with its query", async () => {
    expect(await redirectTarget("https://dovetail.example/profile/orders?page=2&sort=new", null)).toBe(
      "/login?redirectTo=%2Fprofile%2Forders%3Fpage%3D2%26sort%3Dnew",
    );
  });

  it("never makes an off-site or protocol-relative path the target", async () => {
    expect(await redirectTarget("https://dovetail.example//evil.example/x", null)).toBe("/login?redirectTo=%2F");
    expect(await redirectTarget("https://dovetail.example/\\evil.example", null)).toBe("/login?redirectTo=%2F");
    // An encoded "//" stays a path on this site.
    const location = await redirectTarget("https://dovetail.example/%2F%2Fevil.example", null);
    const target = new URLSearchParams(location!.split("?")[1]).get("redirectTo")!;
    expect(new URL(target, "https://dovetail.example").host).toBe("dovetail.example");
  });

  it("treats a session without an access token, or without a member snapshot, as anonymous", async () => {
    const toLogin = "/login?redirectTo=%2Fprofile";
    expect(await redirectTarget("https://dovetail.example/profile", { member: alice })).toBe(toLogin);
    expect(await redirectTarget("https://dovetail.example/profile", { accessToken: "t" })).toBe(toLogin);
  });

  it("gives a signed-in member back", async () => {
    const request = requestAs("https://dovetail.example/profile", { accessToken: "t", member: alice });
    await expect(requireMember(request, contextFor(request))).resolves.toEqual(alice);
  });

  it("rejects a cookie sealed with another secret (a forged session is anonymous)", async () => {
    const forged = `__session=${btoa(JSON.stringify(seal({ accessToken: "t", member: admin }, "z".repeat(40))))}`;
    const request = new Request("https://dovetail.example/cms", { headers: { cookie: forged } });
    const result = await outcome(requireMember(request, contextFor(request)));
    expect("thrown" in result && result.thrown.status).toBe(302);
  });
});

describe("requireAdmin", () => {
  it("sends an anonymous visitor to log in", async () => {
    const request = requestAs("https://dovetail.example/cms/pages?id=3", null);
    const result = await outcome(requireAdmin(request, contextFor(request)));
    if (!("thrown" in result)) throw new Error("expected a redirect");
    expect(result.thrown.headers.get("location")).toBe("/login?redirectTo=%2Fcms%2Fpages%3Fid%3D3");
  });

  it("refuses a member who is not an admin with a 403", async () => {
    const request = requestAs("https://dovetail.example/cms", { accessToken: "t", member: alice });
    const result = await outcome(requireAdmin(request, contextFor(request)));
    if (!("thrown" in result)) throw new Error("expected a 403");
    expect(result.thrown.status).toBe(403);
  });

  it("gives an admin back", async () => {
    const request = requestAs("https://dovetail.example/cms", { accessToken: "t", member: admin });
    await expect(requireAdmin(request, contextFor(request))).resolves.toEqual(admin);
  });
});
