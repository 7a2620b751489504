import { describe, expect, it } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";

import { SwrCache } from "./api/cache.server";
import { createLoadContext } from "./load-context.server";

/** The Set-Cookie lines the visitor's language and theme choice makes, in production or not. */
async function preferenceCookies(query: string, production: boolean) {
  const context = createLoadContext({
    request: new Request(`http://visitor.internal/${query}`),
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: {
      fetch: () => Promise.reject(new Error("unused")),
      baseUrl: "http://cms.test",
      publicUrl: "",
      timeoutMs: 1_000,
    },
    upstreamCache: new SwrCache(),
    sessionSecret: "s".repeat(64),
    production,
  });
  return (await context.visitor()).preferences.setCookies;
}

describe("the language and theme cookies", () => {
  it("are Secure in production, and keep HttpOnly, SameSite=Lax and a year's life", async () => {
    const cookies = await preferenceCookies("?lng=fr&theme=dark", true);
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^lng=/);
    expect(cookies[1]).toMatch(/^theme=/);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; HttpOnly(;|$)/);
      expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
      expect(cookie).toMatch(/; Max-Age=31536000(;|$)/);
    }
  });

  it("are Secure in production when the choice clears the theme too", async () => {
    const [cleared] = await preferenceCookies("?theme=system", true);
    expect(cleared).toMatch(/^theme=.*; Max-Age=0; .*Secure/);
  });

  it("are not Secure outside production (plain http on a developer's machine)", async () => {
    const cookies = await preferenceCookies("?lng=fr&theme=light", false);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).not.toMatch(/Secure/);
  });
});
