import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

import { expect, test } from "@playwright/test";

import { HOST_ARGS } from "../../scripts/lib/ensure.mjs";

/**
 * Error reporting (decision 065). With SENTRY_DSN unset (the journeys' server), no page asks for
 * anything of Sentry. With it set, a site is started here whose CMS is a fake that answers every
 * call with an unexpected status (418), so the root loader throws; its DSN points at the same
 * fake, which records the envelopes that arrive, as a Sentry ingest would.
 */

test.describe("with SENTRY_DSN unset", () => {
  test("no page requests Sentry code or names a reporter", async ({ page }) => {
    // The first visits make the pages' image variants: slow on a cold server.
    test.slow();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    for (const path of ["/", "/about", "/catalogue"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await response!.text()).not.toContain("data-error-reporter");
      expect(response!.headers()["content-security-policy"]).toMatch(/connect-src 'self'(;|$)/);
    }
    await page.waitForLoadState("networkidle");
    expect(requested.filter((url) => /sentry|error-reporter|envelope/i.test(url))).toEqual([]);
  });
});

test.describe("with SENTRY_DSN pointing at a fake ingest", () => {
  // One worker runs these, in order, against the one site its beforeAll starts.
  test.describe.configure({ mode: "serial" });
  let ingest: Server;
  let site: ChildProcess;
  let siteUrl = "";
  let ingestOrigin = "";
  const envelopes: string[] = [];

  // Playwright reads the fixtures a hook asks for from its first parameter: this one asks for none.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(120_000);
    ingest = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        res.setHeader("Access-Control-Allow-Origin", "*");
        if (req.method === "POST" && req.url?.startsWith("/api/1/envelope/")) {
          const body = Buffer.concat(chunks);
          envelopes.push((req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
          return;
        }
        if (req.method === "OPTIONS") {
          res.writeHead(204, { "Access-Control-Allow-Headers": "*", "Access-Control-Allow-Methods": "POST" }).end();
          return;
        }
        // The CMS: an answer the site does not expect.
        res.writeHead(418, { "content-type": "application/json" }).end(JSON.stringify({ message: "I'm a teapot" }));
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
    ingestOrigin = `http://127.0.0.1:${(ingest.address() as AddressInfo).port}`;
    // One site per project, each on its own port (E2E_PORT + 7 or + 8).
    const port = Number(process.env.E2E_PORT ?? 3100) + (testInfo.project.name === "js" ? 7 : 8);
    siteUrl = `http://localhost:${port}`;
    const stale = await fetch(`${siteUrl}/robots.txt`).then(
      () => true,
      () => false,
    );
    if (stale) throw new Error(`port ${port} is taken: a server of an earlier run is still there`);
    // The host as built (build/host.js), in its own process group, so stopping it stops all it started.
    site = spawn(process.execPath, HOST_ARGS, {
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: `${process.env.E2E_DATA_DIR ?? "./.cache/e2e"}-reporting-${port}`,
        NODE_ENV: "test",
        CMS_API_URL: ingestOrigin,
        SENTRY_DSN: `http://public@127.0.0.1:${(ingest.address() as AddressInfo).port}/1`,
        IMAGE_WARM_UP: "off",
        UPSTREAM_TIMEOUT_MS: "3000",
        SHUTDOWN_DRAIN_MS: "0",
      },
      stdio: "ignore",
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${siteUrl}/robots.txt`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (site?.pid) process.kill(-site.pid, "SIGTERM");
    await new Promise<void>((resolve) => (ingest ? ingest.close(() => resolve()) : resolve()));
  });

  const events = (needle: string) => envelopes.filter((e) => e.includes(needle));

  test("a loader's error arrives with its route, without cookies or query values", async ({ page, context }) => {
    await context.addCookies([{ name: "visitor_secret", value: "cookie-value-8712", url: siteUrl }]);
    const response = await page.goto(`${siteUrl}/about?token=query-secret-5531`);
    expect(response?.status()).toBe(500);
    // The page names the browser's reporter; the CSP lets it reach the DSN's host, and only that.
    expect(response!.headers()["content-security-policy"]).toContain(`connect-src 'self' ${ingestOrigin}`);
    // The event tagged with the route that threw: the root's loader, which asked the CMS first.
    const tagged = () => events("I'm a teapot").filter((e) => e.includes('"route":"root"'));
    await expect.poll(() => tagged().length, { timeout: 20_000 }).toBeGreaterThan(0);
    const report = tagged()[0];
    expect(report).toContain('"transaction":"loader root"');
    expect(report).toContain("/about");
    for (const envelope of envelopes) {
      expect(envelope).not.toContain("cookie-value-8712");
      expect(envelope).not.toContain("query-secret-5531");
    }
  });

  test("a report of a form post carries no form values", async ({ page }) => {
    const before = envelopes.length;
    await page.goto(`${siteUrl}/about`);
    const response = await page.request.post(`${siteUrl}/login?redirectTo=%2Fabout`, {
      form: { email: "private.person@example.com", password: "hunter2-very-secret" },
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    await expect.poll(() => envelopes.length, { timeout: 20_000 }).toBeGreaterThan(before);
    // Let any later event of the post arrive too.
    await page.waitForTimeout(1_000);
    for (const envelope of envelopes) {
      expect(envelope).not.toContain("private.person");
      expect(envelope).not.toContain("hunter2");
    }
  });

  test("a browser error arrives from the page's reporter", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the browser's reporter needs JavaScript");
    const loaded = page.waitForResponse((r) => r.url().includes("/build/enhance/error-reporter-"));
    await page.goto(`${siteUrl}/about?q=browser-secret-3321`);
    expect((await loaded).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => "__SENTRY__" in window), { timeout: 10_000 }).toBe(true);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("browser-boom-4410");
      });
    });
    await expect.poll(() => events("browser-boom-4410").length, { timeout: 20_000 }).toBeGreaterThan(0);
    for (const envelope of events("browser-boom-4410")) expect(envelope).not.toContain("browser-secret-3321");
  });

  test("an error an error boundary hands over arrives once", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the browser's reporter needs JavaScript");
    const loaded = page.waitForResponse((r) => r.url().includes("/build/enhance/error-reporter-"));
    await page.goto(`${siteUrl}/about`);
    expect((await loaded).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => "__SENTRY__" in window), { timeout: 10_000 }).toBe(true);
    // What a boundary does with a render that failed in the browser (app/lib/error-reporting/boundary.ts).
    await page.evaluate(() => reportError(new Error("boundary-boom-7720")));
    await expect.poll(() => events("boundary-boom-7720").length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1_000);
    expect(events("boundary-boom-7720")).toHaveLength(1);
  });
});
