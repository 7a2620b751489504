import { describe, expect, it } from "vitest";
import { z } from "zod";

import { emptyCspSources } from "~/host/security-headers.server";

import { SwrCache } from "./api/cache.server";
import { CSRF_FIELD } from "./csrf.server";
import { invalid, readSubmission, redirectWithToast } from "./forms.server";
import { createLoadContext } from "./load-context.server";
import { getSessionStorage, seal, type SessionData } from "./session.server";
import { takeToast } from "./toast.server";

const SECRET = "f".repeat(40);
const storage = getSessionStorage(SECRET, false);

/** A sample form as the accounts and forms issues will write them: one schema, an intent per operation. */
const sampleSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: z.string({ required_error: "Enter a name" }).min(2, "Too short") }),
  z.object({ intent: z.literal("remove"), id: z.coerce.number().int().positive() }),
]);

const cookieOf = (session: SessionData) => `__session=${btoa(JSON.stringify(seal(session, SECRET)))}`;

function contextFor(request: Request) {
  return createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: {
      fetch: () => Promise.reject(new Error("no upstream")),
      baseUrl: "http://cms.test",
      publicUrl: "",
      timeoutMs: 1,
    },
    upstreamCache: new SwrCache(),
    sessionSecret: SECRET,
    production: false,
  });
}

function post(fields: Record<string, string>, session: SessionData = { csrf: "token-1" }) {
  const request = new Request("https://dovetail.example/sample", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: cookieOf(session) },
  });
  return { request, context: contextFor(request) };
}

describe("readSubmission", () => {
  it("refuses a form without the session's CSRF token (403) before looking at its fields", async () => {
    const { request, context } = post({ intent: "rename", name: "Oak bench" });
    const thrown = await readSubmission(request, context, sampleSchema).catch((e: Response) => e);
    expect((thrown as Response).status).toBe(403);
  });

  it("answers a wrong field with 400, the error next to that field and everything typed kept", async () => {
    const { request, context } = post({ [CSRF_FIELD]: "token-1", intent: "rename", name: "O", note: "kept" });
    const { submission } = await readSubmission(request, context, sampleSchema);
    expect(submission.status).toBe("error");
    const response = invalid(submission.reply());
    expect(response.init?.status).toBe(400);
    expect(response.data.error).toEqual({ name: ["Too short"] });
    expect(response.data.initialValue).toMatchObject({ intent: "rename", name: "O", note: "kept" });
  });

  it("picks the operation by its intent and types its fields", async () => {
    const { request, context } = post({ [CSRF_FIELD]: "token-1", intent: "remove", id: "42" });
    const { submission } = await readSubmission(request, context, sampleSchema);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ intent: "remove", id: 42 });
  });
});

describe("redirectWithToast", () => {
  it("answers 303 to a same-site path, and the next page shows the message once", async () => {
    const { context } = post({ [CSRF_FIELD]: "token-1", intent: "remove", id: "1" });
    const visitor = await context.visitor();
    const response = await redirectWithToast(visitor, "//evil.example/x", { kind: "success", message: "Removed." });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const cookie = response.headers.get("set-cookie")!.split(";")[0];
    const next = contextFor(new Request("https://dovetail.example/", { headers: { cookie } }));
    expect(takeToast(await next.visitor())).toMatchObject({ kind: "success", message: "Removed." });
    // Read once: the answer's cookie still holds the CSRF token, and no longer the message.
    const after = await storage.getSession(await next.sessionCookie());
    expect(after.get("csrf")).toBe("token-1");
    expect(after.has("toast")).toBe(false);
  });

  it("ends the cookie once the message was all the session held", async () => {
    const session = await storage.getSession(null);
    session.flash("toast", { id: "t1", kind: "info", message: "Bye." });
    const cookie = (await storage.commitSession(session)).split(";")[0];
    const context = contextFor(new Request("https://dovetail.example/", { headers: { cookie } }));
    expect(takeToast(await context.visitor())?.message).toBe("Bye.");
    expect(await context.sessionCookie()).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
