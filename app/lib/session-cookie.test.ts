/**
 * One Set-Cookie per answer, made from the session's final state: loaders of one request share
 * the session, so a cookie written by one loader mid-request (the root reading a message) would
 * be overwritten by, or overwrite, another's change (a form's CSRF token).
 */
import { createRequestHandler, type LoaderFunctionArgs, type ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";
import * as rootRoute from "~/root";

import { SwrCache } from "./api/cache.server";
import { ensureCsrfToken } from "./csrf.server";
import { appendSessionCookie, createLoadContext } from "./load-context.server";
import { getSessionStorage } from "./session.server";

const SECRET = "k".repeat(40);
const storage = getSessionStorage(SECRET, false);

/** A page whose loader waits for the upstream, then gives its form a CSRF token. */
const formPage = {
  async loader({ context }: LoaderFunctionArgs) {
    const visitor = await context.visitor();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { csrf: ensureCsrfToken(visitor.session) };
  },
  default: () => null,
};
const plainPage = { loader: () => ({ ok: true }), default: () => null };

/** entry.server's part under test: the cookie is appended once every loader has run. */
async function renderDocument(_r: Request, status: number, headers: Headers, _c: unknown, context: never) {
  await appendSessionCookie(context, headers);
  return new Response("<html></html>", { status, headers });
}

const build = {
  mode: "production",
  entry: { module: { default: renderDocument } },
  routes: {
    root: { id: "root", path: "", module: rootRoute },
    "routes/form": { id: "routes/form", parentId: "root", path: "form", module: formPage },
    "routes/plain": { id: "routes/plain", parentId: "root", path: "plain", module: plainPage },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const cms = async (request: Request) => {
  const path = new URL(request.url).pathname;
  if (path.endsWith("/domain/initialData")) return json({ data: { sitemap: [], redirects: [], links: [] } });
  if (path.endsWith("/domain/currentDomain")) return json({ data: { name: "Dovetail" } });
  return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
};

function get(path: string, cookie?: string) {
  const request = new Request(`https://dovetail.example${path}`, { headers: cookie ? { cookie } : {} });
  return handle(
    request,
    createLoadContext({
      request,
      cspNonce: "n",
      cspExtra: emptyCspSources(),
      upstream: { fetch: cms, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1_000 },
      upstreamCache: new SwrCache(),
      sessionSecret: SECRET,
      production: false,
    }),
  );
}

/** A session holding only a message, as after logging out. */
async function toastOnlyCookie() {
  const session = await storage.getSession(null);
  session.flash("toast", { id: "t1", kind: "success", message: "You have logged out." });
  return (await storage.commitSession(session)).split(";")[0];
}

const sessionCookies = (response: Response) =>
  response.headers.getSetCookie().filter((c) => c.startsWith("__session="));

beforeEach(() => vi.spyOn(console, "warn").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("the session cookie of an answer", () => {
  it("keeps a token a page gave its form, although the root read the last message of the session", async () => {
    const response = await get("/form", await toastOnlyCookie());
    expect(response.status).toBe(200);
    const cookies = sessionCookies(response);
    expect(cookies).toHaveLength(1);
    const session = await storage.getSession(cookies[0]);
    expect(session.get("csrf")).toEqual(expect.any(String));
    expect(session.has("toast")).toBe(false);
  });

  it("ends the cookie when the message was all the session held and nothing else was written", async () => {
    const cookies = sessionCookies(await get("/plain", await toastOnlyCookie()));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("writes no cookie when the session did not change", async () => {
    expect(sessionCookies(await get("/plain"))).toEqual([]);
    const session = await storage.getSession(null);
    session.set("csrf", "kept");
    expect(sessionCookies(await get("/plain", (await storage.commitSession(session)).split(";")[0]))).toEqual([]);
  });
});
