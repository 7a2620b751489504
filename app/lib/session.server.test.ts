import { describe, expect, it } from "vitest";

import { getSessionStorage, hasSessionCookie, seal, unseal } from "./session.server";

const secret = "s".repeat(40);

describe("encrypted cookie session", () => {
  it("keeps tokens unreadable in the cookie and reads them back", async () => {
    const storage = getSessionStorage(secret, true);
    const session = await storage.getSession(null);
    session.set("accessToken", "very-secret-token");
    const setCookie = await storage.commitSession(session);
    expect(setCookie).not.toContain("very-secret-token");
    const payload = decodeURIComponent(setCookie.split(";")[0].split("=").slice(1).join("="));
    expect(Buffer.from(payload, "base64").toString("utf8")).not.toContain("very-secret-token");
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Secure/);
    const back = await storage.getSession(setCookie.split(";")[0]);
    expect(back.get("accessToken")).toBe("very-secret-token");
  });

  it("is not Secure outside production", async () => {
    const storage = getSessionStorage(secret, false);
    const setCookie = await storage.commitSession(await storage.getSession(null));
    expect(setCookie).not.toMatch(/Secure/);
  });

  it("rejects a tampered or foreign cookie as an empty session", () => {
    const sealed = seal({ accessToken: "x" }, secret);
    expect(unseal(sealed, secret)).toEqual({ accessToken: "x" });
    expect(unseal(sealed, "another secret that is long enough")).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(unseal(tampered, secret)).toBeNull();
  });

  it("knows a request with a session cookie wherever it sits in the header, and only that cookie", () => {
    const withCookie = (cookie: string) => new Request("http://site.test/", { headers: { cookie } });
    expect(hasSessionCookie(withCookie("__session=abc"))).toBe(true);
    expect(hasSessionCookie(withCookie("_ga=GA1.1;__session=abc"))).toBe(true);
    expect(hasSessionCookie(withCookie('lng=ImVuIg%3D%3D;  __session="abc"'))).toBe(true);
    expect(hasSessionCookie(withCookie("__session_old=abc; x__session=1"))).toBe(false);
    expect(hasSessionCookie(new Request("http://site.test/"))).toBe(false);
  });
});
