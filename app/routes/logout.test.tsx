import { describe, expect, it } from "vitest";

import { ToastMessage } from "~/components/toast";
import { emptyCspSources } from "~/host/security-headers.server";
import { SwrCache } from "~/lib/api/cache.server";
import { CSRF_FIELD } from "~/lib/csrf.server";
import { createLoadContext } from "~/lib/load-context.server";
import { getSessionStorage, seal, type SessionData } from "~/lib/session.server";
import { render } from "~/test/render";

import { action } from "./logout";

const SECRET = "l".repeat(40);
const member = { id: 7, name: "Alice", email: "alice@example.com", roles: ["member"] };

function logout(
  fields: Record<string, string>,
  session: SessionData,
  headers: Record<string, string> = {},
  fetch: (request: Request) => Promise<Response> = () => Promise.reject(new Error("no upstream")),
) {
  const cookie = `__session=${btoa(JSON.stringify(seal(session, SECRET)))}`;
  const request = new Request("https://dovetail.example/logout", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, ...headers },
  });
  const context = createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: {
      fetch,
      baseUrl: "http://cms.test",
      publicUrl: "",
      timeoutMs: 1,
    },
    upstreamCache: new SwrCache(),
    sessionSecret: SECRET,
    production: false,
  });
  return action({ request, context, params: {} });
}

describe("logout", () => {
  it("ends the member's session and goes home (303) with a message in the visitor's language", async () => {
    const session = { accessToken: "t", member, csrf: "c1" };
    const response = (await logout({ [CSRF_FIELD]: "c1" }, session, { "accept-language": "de" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    const after = await getSessionStorage(SECRET, false).getSession(response.headers.get("set-cookie"));
    expect(after.get("accessToken")).toBeUndefined();
    expect(after.get("member")).toBeUndefined();
    expect(after.get("csrf")).toBeUndefined();
    expect(after.get("toast")).toMatchObject({ kind: "success", message: "Sie haben sich abgemeldet." });
  });

  it("revokes the tokens upstream, and drops the cart's key and count", async () => {
    const calls: string[] = [];
    const fetch = async (request: Request) => {
      calls.push(`${new URL(request.url).pathname} ${request.headers.get("authorization")}`);
      return new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json" } });
    };
    const session = { accessToken: "t", refreshToken: "r", member, csrf: "c1", cartSession: "cart-1", cartCount: 3 };
    const response = (await logout({ [CSRF_FIELD]: "c1" }, session, {}, fetch)) as Response;
    expect(calls).toEqual(["/api/v1/cognito/user/logout Bearer t"]);
    const after = await getSessionStorage(SECRET, false).getSession(response.headers.get("set-cookie"));
    expect(after.get("refreshToken")).toBeUndefined();
    expect(after.get("cartSession")).toBeUndefined();
    expect(after.get("cartCount")).toBeUndefined();
  });

  it("keeps the session when the form's token is wrong (403)", async () => {
    const thrown = await Promise.resolve(
      logout({ [CSRF_FIELD]: "guess" }, { accessToken: "t", member, csrf: "c1" }),
    ).catch((e: Response) => e);
    expect((thrown as Response).status).toBe(403);
  });
});

describe("ToastMessage", () => {
  it("is part of the HTML, announced politely (an error assertively), with no button before JavaScript", () => {
    const html = render(<ToastMessage toast={{ id: "1", kind: "success", message: "You have logged out." }} />);
    expect(html).toContain('role="status"');
    expect(html).toContain("You have logged out.");
    expect(html).not.toContain("<button");
    expect(render(<ToastMessage toast={{ id: "2", kind: "error", message: "No." }} />)).toContain('role="alert"');
  });
});
