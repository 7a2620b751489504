import { describe, expect, it } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";
import { SwrCache } from "~/lib/api/cache.server";
import { createLoadContext } from "~/lib/load-context.server";
import { seal, type SessionData } from "~/lib/session.server";

import { ADMIN_IDLE_MS, requireBackOffice } from "./access.server";

const SECRET = "b".repeat(40);
const member = { id: 7, name: "Alice", email: "alice@example.com", roles: ["member"] };
const admin = { id: 1, name: "Ada", email: "ada@example.com", roles: ["member", "admin"] };
const NOW = Date.UTC(2026, 10, 26, 3, 0);

function requestAs(url: string, session: SessionData | null) {
  const cookie = session ? `__session=${btoa(JSON.stringify(seal(session, SECRET)))}` : "";
  return new Request(url, { headers: cookie ? { cookie } : {} });
}

function contextFor(request: Request, publicUrl = "") {
  return createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: {
      fetch: () => Promise.reject(new Error("no upstream")),
      baseUrl: "http://cms.test",
      publicUrl,
      timeoutMs: 1,
    },
    upstreamCache: new SwrCache(),
    sessionSecret: SECRET,
    production: false,
  });
}

async function thrown(run: Promise<unknown>): Promise<Response> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown answer");
}

describe("requireBackOffice", () => {
  it("sends a visitor to sign in and back to the screen they asked for", async () => {
    const request = requestAs("https://dovetail.example/cms/pages/3", null);
    const answer = await thrown(requireBackOffice(request, contextFor(request), NOW));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login?redirectTo=%2Fcms%2Fpages%2F3");
  });

  it("refuses a member who is not an admin with a 403", async () => {
    const request = requestAs("https://dovetail.example/cms", { accessToken: "t", member });
    expect((await thrown(requireBackOffice(request, contextFor(request), NOW))).status).toBe(403);
  });

  it("lets an admin in and remembers when they were last seen", async () => {
    const request = requestAs("https://dovetail.example/cms", { accessToken: "t", member: admin });
    const context = contextFor(request);
    const { admin: who, visitor } = await requireBackOffice(request, context, NOW);
    expect(who).toEqual(admin);
    expect(visitor.session.get("adminSeenAt")).toBe(NOW);
  });

  it("keeps an admin who was here within the idle limit", async () => {
    const session = { accessToken: "t", member: admin, adminSeenAt: NOW - ADMIN_IDLE_MS + 1000 };
    const request = requestAs("https://dovetail.example/cms", session);
    await expect(requireBackOffice(request, contextFor(request), NOW)).resolves.toMatchObject({ admin });
  });

  it("signs out an admin idle for longer than the limit and sends them to sign in", async () => {
    const session = { accessToken: "t", member: admin, adminSeenAt: NOW - ADMIN_IDLE_MS - 1000 };
    const request = requestAs("https://dovetail.example/cms/records", session);
    const answer = await thrown(requireBackOffice(request, contextFor(request), NOW));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login?redirectTo=%2Fcms%2Frecords");
    // The cookie that goes back no longer signs anyone in.
    const cookie = answer.headers.get("set-cookie") ?? "";
    const next = await thrown(
      requireBackOffice(
        new Request("https://dovetail.example/cms", { headers: { cookie: cookie.split(";")[0] } }),
        contextFor(new Request("https://dovetail.example/cms")),
        NOW,
      ),
    );
    expect(next.headers.get("location")).toBe("/login?redirectTo=%2Fcms");
  });

  it("sends everyone to the external CMS's own back-office when the API is on another host", async () => {
    const request = requestAs("https://dovetail.example/cms/pages?x=1", null);
    const answer = await thrown(requireBackOffice(request, contextFor(request, "https://cms.example.org/"), NOW));
    expect(answer.headers.get("location")).toBe("https://cms.example.org/cms/pages?x=1");
  });
});
