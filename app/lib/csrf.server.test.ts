import { describe, expect, it } from "vitest";

import { CSRF_FIELD, ensureCsrfToken, readProtectedForm } from "./csrf.server";
import { getSessionStorage } from "./session.server";

const storage = getSessionStorage("c".repeat(40), false);

function post(body: BodyInit | null, contentType?: string) {
  return new Request("http://site.test/logout", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });
}

async function status(p: Promise<unknown>) {
  try {
    await p;
    return 200;
  } catch (thrown) {
    return (thrown as Response).status;
  }
}

describe("readProtectedForm", () => {
  it("accepts a form carrying the session's token", async () => {
    const session = await storage.getSession(null);
    const token = ensureCsrfToken(session);
    expect(ensureCsrfToken(session)).toBe(token);
    const form = new URLSearchParams({ [CSRF_FIELD]: token, other: "kept" });
    const data = await readProtectedForm(post(form), session);
    expect(data.get("other")).toBe("kept");
  });

  it("refuses a missing or wrong token with 403", async () => {
    const session = await storage.getSession(null);
    ensureCsrfToken(session);
    expect(await status(readProtectedForm(post(new URLSearchParams({})), session))).toBe(403);
    expect(await status(readProtectedForm(post(new URLSearchParams({ [CSRF_FIELD]: "guess" })), session))).toBe(403);
  });

  it("refuses a token when the session has none", async () => {
    const session = await storage.getSession(null);
    expect(await status(readProtectedForm(post(new URLSearchParams({ [CSRF_FIELD]: "" })), session))).toBe(403);
  });

  it("answers 400, not 500, to a body that is not a form", async () => {
    const session = await storage.getSession(null);
    expect(await status(readProtectedForm(post('{"a":1}', "application/json"), session))).toBe(400);
    expect(await status(readProtectedForm(post(null), session))).toBe(400);
  });
});
