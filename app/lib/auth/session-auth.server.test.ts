import { describe, expect, it } from "vitest";

import { getSessionStorage } from "~/lib/session.server";
import { safeRedirectPath } from "~/lib/url";
import { ENTER_SCRIPT } from "~/routes/enter";

import { parseBaseAllowlist } from "./base-allowlist";
import { memberFromUser, rememberRedirect, signIn, signOut } from "./session-auth.server";
import { judgeBase } from "./token-login.server";

const SECRET = "x".repeat(40);
const EVIL = [
  "//evil.example",
  "https://evil.example",
  "/\\evil",
  "javascript:alert(1)",
  "/.//evil.example",
  " //evil",
];
const user = { id: 3, first_name: "Sam", last_name: "Taylor", email: "sam@example.com", is_admin: false };
const answer = { access_token: "access", refresh_token: "refresh", expires_in: 600 };

async function session() {
  return getSessionStorage(SECRET, true).getSession(null);
}

describe("redirectTo", () => {
  it("keeps same-site paths and turns anything else into /", async () => {
    for (const to of EVIL) expect(safeRedirectPath(to), to).toBe("/");
    const s = await session();
    rememberRedirect(s, "/checkout?step=1");
    expect(s.get("redirectTo")).toBe("/checkout?step=1");
    for (const to of EVIL) {
      rememberRedirect(s, to);
      expect(s.get("redirectTo"), to).toBe("/");
    }
  });

  it("is where signIn goes, once; /profile when none was asked for", async () => {
    const s = await session();
    rememberRedirect(s, "/checkout");
    expect(signIn(s, answer, user, 1000)).toBe("/checkout");
    expect(s.get("redirectTo")).toBeUndefined();
    expect(signIn(s, answer, user, 1000)).toBe("/profile");
  });

  it("/enter/'s script follows the hash only to a same-site path", () => {
    const go = (hash: string) => {
      let went = "";
      new Function("location", ENTER_SCRIPT)({
        hash,
        origin: "https://site.example",
        replace: (to: string) => (went = to),
      });
      return went;
    };
    expect(go("#/about?tab=x")).toBe("/about?tab=x");
    expect(go("")).toBe("/profile");
    for (const to of [...EVIL, "%2F%2Fevil.example", "/%5Cevil", "%E0"]) expect(go(`#${to}`), to).toBe("/profile");
  });
});

describe("signing in and out", () => {
  it("stores the tokens and member, with a new session id and form token", async () => {
    const s = await session();
    s.set("csrf", "anonymous-form-token");
    s.set("sid", "anonymous");
    s.set("oauth2:state", "st");
    signIn(s, answer, user, 1_000);
    expect(s.get("accessToken")).toBe("access");
    expect(s.get("refreshToken")).toBe("refresh");
    expect(s.get("accessExpiresAt")).toBe(601_000);
    expect(s.get("member")).toEqual({
      id: 3,
      name: "Sam Taylor",
      firstName: "Sam",
      email: "sam@example.com",
      roles: ["member"],
    });
    expect(s.get("csrf")).not.toBe("anonymous-form-token");
    expect(s.get("sid")).not.toBe("anonymous");
    expect(s.get("oauth2:state")).toBeUndefined();
  });

  it("signOut clears the sign-in, rotates the ids and the cart key, and keeps the fingerprint", async () => {
    const s = await session();
    s.set("fingerprint", "f".repeat(21));
    s.set("cartSession", "old-cart");
    signIn(s, answer, user);
    const sid = s.get("sid");
    signOut(s);
    for (const key of ["accessToken", "refreshToken", "accessExpiresAt", "member", "csrf"] as const) {
      expect(s.get(key)).toBeUndefined();
    }
    expect(s.get("sid")).not.toBe(sid);
    expect(s.get("cartSession")).toBeUndefined();
    expect(s.get("fingerprint")).toBe("f".repeat(21));
  });

  it("an admin's snapshot has the admin role", () => {
    expect(memberFromUser({ ...user, is_admin: true }).roles).toEqual(["member", "admin"]);
    expect(memberFromUser({ id: 4, email: "x@example.com" }).name).toBe("x@example.com");
  });

  it("the cookie that carries the tokens is httpOnly, SameSite=Lax, Secure in production, and opaque", async () => {
    const s = await session();
    signIn(s, answer, user);
    const cookie = await getSessionStorage(SECRET, true).commitSession(s);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    const value = Buffer.from(decodeURIComponent(cookie.split(";")[0].split("=")[1]), "base64").toString();
    expect(value).not.toContain("access");
    expect(value).not.toContain("refresh");
    expect(await getSessionStorage(SECRET, false).commitSession(s)).not.toMatch(/Secure/);
  });
});

describe("token login's b", () => {
  const allow = parseBaseAllowlist("https://cms.example, http://localhost:3000/ , not a url, javascript:alert(1)");
  const upstream = ["https://cms.example"];

  it("reads the allowlist as origins, dropping what is not an http(s) URL", () => {
    expect(allow).toEqual(["https://cms.example", "http://localhost:3000"]);
  });

  it("is ignored unless allowlisted; accepted when it names the configured upstream; else refused", () => {
    expect(judgeBase(null, allow, upstream)).toBe("ignored");
    for (const b of [
      "https://evil.example",
      "//evil.example",
      "javascript:alert(1)",
      "https://cms.example.evil.example",
    ]) {
      expect(judgeBase(b, allow, upstream), b).toBe("ignored");
    }
    expect(judgeBase("https://cms.example/api/", allow, upstream)).toBe("accepted");
    expect(judgeBase("http://localhost:3000", allow, upstream)).toBe("refused");
    expect(judgeBase("https://cms.example", [], upstream)).toBe("ignored");
  });
});
