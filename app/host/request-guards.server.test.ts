/**
 * The request guards as server.ts mounts them (`mountGuardsAndCms`, then a stand-in for Remix),
 * behind a real socket: the cross-site write guard before the embedded CMS, the host it judges by
 * behind a proxy, and the rule that a response setting a cookie is private.
 */
import http from "node:http";
import type net from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mountGuardsAndCms, privateWhenSettingCookies, TRUSTED_PROXIES } from "./request-guards.server";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with exactly these headers (fetch would not let a test set Host or Origin). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body = "") {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The site's order: cookie rule, guards, the embedded CMS, then "Remix" (a form action and a page). */
function site(trustProxy: string | boolean) {
  const cmsRequests: string[] = [];
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(privateWhenSettingCookies);
  mountGuardsAndCms(app, (req, res) => {
    cmsRequests.push(`${req.method} ${req.url}`);
    // Hono writes its headers through writeHead, Set-Cookie included.
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "cache-control": "public, max-age=60",
    };
    if (req.url?.startsWith("/api/v1/login")) headers["set-cookie"] = "cms=1; Path=/; HttpOnly";
    res.writeHead(200, headers);
    res.end('{"data":{}}');
  });
  app.post("/contact", (_req, res) => {
    res.send("thanks");
  });
  app.get("/about", (req, res) => {
    res.set("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    if (req.query.theme) res.append("Set-Cookie", `theme=${String(req.query.theme)}; Path=/; HttpOnly; SameSite=Lax`);
    res.send("<p>About</p>");
  });
  return { app, cmsRequests };
}

const servers: http.Server[] = [];
async function listen(app: express.Express) {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

let trusted: ReturnType<typeof site>;
let untrusted: ReturnType<typeof site>;
let port = 0;
let untrustedPort = 0;

beforeAll(async () => {
  trusted = site(TRUSTED_PROXIES);
  untrusted = site(false);
  port = await listen(trusted.app);
  untrustedPort = await listen(untrusted.app);
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

const graphql = JSON.stringify({ query: "{ __typename }" });

describe("the cross-site write guard", () => {
  it("refuses a cross-site POST to /graphql before the CMS sees it, whatever its content type", async () => {
    const host = `127.0.0.1:${port}`;
    for (const type of ["application/json", "text/plain"]) {
      const answer = await send(
        port,
        "POST",
        "/graphql",
        { host, origin: "https://evil.example", "content-type": type, "content-length": String(graphql.length) },
        graphql,
      );
      expect(answer.status).toBe(403);
    }
    const fromFetch = await send(port, "POST", "/api/v1/cognito/form/1", { host, "sec-fetch-site": "cross-site" });
    expect(fromFetch.status).toBe(403);
    expect(trusted.cmsRequests).toEqual([]);
  });

  it("lets a same-site POST through to the CMS", async () => {
    const headers = {
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
      "content-type": "application/json",
    };
    const answer = await send(
      port,
      "POST",
      "/graphql",
      { ...headers, "content-length": String(graphql.length) },
      graphql,
    );
    expect(answer.status).toBe(200);
    expect(trusted.cmsRequests).toContain("POST /graphql");
  });

  it("refuses an unbounded body before the CMS sees it", async () => {
    const before = trusted.cmsRequests.length;
    const answer = await send(port, "POST", "/graphql", { host: `127.0.0.1:${port}`, "transfer-encoding": "chunked" });
    expect(answer.status).toBe(411);
    expect(trusted.cmsRequests).toHaveLength(before);
  });

  it("accepts a same-site form post through a trusted proxy that rewrites Host", async () => {
    const proxied = {
      host: `127.0.0.1:${port}`,
      "x-forwarded-host": "www.dovetail.example",
      "x-forwarded-proto": "https",
      origin: "https://www.dovetail.example",
      "content-type": "application/x-www-form-urlencoded",
    };
    const answer = await send(port, "POST", "/contact", { ...proxied, "content-length": "7" }, "name=Jo");
    expect(answer).toMatchObject({ status: 200, body: "thanks" });

    const evil = { ...proxied, origin: "https://evil.example", "content-length": "7" };
    expect((await send(port, "POST", "/contact", evil, "name=Jo")).status).toBe(403);
  });

  it("ignores X-Forwarded-Host from an address the app does not trust", async () => {
    const forged = {
      host: "site.internal",
      "x-forwarded-host": "evil.example",
      origin: "https://evil.example",
      "content-type": "application/x-www-form-urlencoded",
      "content-length": "7",
    };
    expect((await send(untrustedPort, "POST", "/contact", forged, "name=Jo")).status).toBe(403);
    const sameSite = { ...forged, origin: "http://site.internal" };
    expect((await send(untrustedPort, "POST", "/contact", sameSite, "name=Jo")).status).toBe(200);
  });
});

describe("a response that sets a cookie", () => {
  it("is private and never stored, whatever Cache-Control the route gave it", async () => {
    const answer = await send(port, "GET", "/about?theme=dark", { host: `127.0.0.1:${port}` });
    expect(answer.headers["set-cookie"]).toEqual(["theme=dark; Path=/; HttpOnly; SameSite=Lax"]);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("is private when the CMS sets it through writeHead too", async () => {
    const headers = { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
    const answer = await send(port, "POST", "/api/v1/login", { ...headers, "content-length": "0" });
    expect(answer.headers["set-cookie"]).toBeDefined();
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves a response without cookies as its route made it", async () => {
    const answer = await send(port, "GET", "/about", { host: `127.0.0.1:${port}` });
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  });
});
