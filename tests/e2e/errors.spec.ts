import { createHash } from "node:crypto";

import { expect, test } from "@playwright/test";

import { PAGES, SITE } from "./support";

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/catalogue/nope/deeper"]) {
    test(`${path} answers 404 with the friendly page and a way home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByText("Please visit our homepage to get where you need to go.")).toBeVisible();
      await expect(page).toHaveTitle(`Page not found${SITE.titleSuffix}`);
      // The site's chrome is still there to get around with.
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toBeVisible();

      await page.getByRole("main").getByRole("link", { name: "Take me home" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.home.h1);
    });
  }
});

test("the benchmark's floor route is not in a normal build", async ({ request }) => {
  // Only `npm run bench` builds with DOVETAIL_BENCH=1, which adds /bench-bare (remix.config.js).
  const response = await request.get("/bench-bare");
  expect(response.status(), "this build includes /bench-bare: rebuild without DOVETAIL_BENCH").toBe(404);
});

test("an old address from the redirect table ends on its new page", async ({ page }) => {
  const response = await page.goto("/about-us");
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/about-us$/);
  const hop = await response!.request().redirectedFrom()!.response();
  expect(hop?.status()).toBe(301);
  await expect(page).toHaveURL("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);
});

test.describe("crawler files", () => {
  test("sitemap.xml lists the pages with their priorities", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const priorities = new Map<string, string | undefined>();
    for (const [, entry] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const loc = entry.match(/<loc>([^<]+)<\/loc>/)?.[1];
      if (loc) priorities.set(loc, entry.match(/<priority>([^<]+)<\/priority>/)?.[1]);
    }
    const origin = new URL(baseURL!).origin;
    expect(priorities.get(`${origin}/`)).toBe("1.0");
    expect(priorities.get(`${origin}/about`)).toBe("0.9");
    expect(priorities.get(`${origin}/delivery`)).toBe("0.9");
    expect(priorities.get(`${origin}/where-to-find-us`)).toBe("0.9");
    // The error page has no priority and is not listed.
    expect(priorities.has(`${origin}/error`)).toBe(false);
  });

  test("robots.txt names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`);
  });
});

test.describe("security", () => {
  test("page responses carry the security headers and a nonce the page's scripts use", async ({ page, request }) => {
    const response = await page.goto("/about");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toContain("object-src 'none'");
    const nonce = csp.match(/script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nonce, "script-src carries a nonce").toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();

    // Every script in the served HTML is allowed by this response's policy: it carries this
    // response's nonce, or (a page from the rendered-page cache, decision 029) it is inline and its
    // SHA-256 is listed. JSON-LD data blocks never run and need neither.
    const scriptSrc = csp.match(/script-src ([^;]*)/)![1];
    const html = (await response!.text()).replace(/<script type="application\/ld\+json">.*?<\/script>/gs, "");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, source] of scripts) {
      const scriptNonce = attributes.match(/\bnonce="([^"]*)"/)?.[1];
      if (scriptNonce !== undefined) {
        expect(scriptNonce).toBe(nonce);
        continue;
      }
      expect(attributes, "a script without a nonce is inline").not.toMatch(/\ssrc=/);
      const hash = createHash("sha256").update(source, "utf8").digest("base64");
      expect(scriptSrc, "an inline script without a nonce is allowed by its hash").toContain(`'sha256-${hash}'`);
    }

    // A fresh nonce for each response.
    const again = await request.get("/about");
    const nextNonce = again.headers()["content-security-policy"].match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nextNonce).toBeTruthy();
    expect(nextNonce).not.toBe(nonce);
    expect(again.headers()["x-powered-by"]).toBeUndefined();
  });

  test("the embedded CMS's answers keep the CMS's own strict policy", async ({ request }) => {
    const api = await request.get("/api/v1/cognito/domain/currentDomain");
    expect(api.status()).toBe(200);
    expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(api.headers()["content-security-policy"]).not.toContain("nonce-");
  });

  test("a cross-site POST to /logout is refused with 403", async ({ request }) => {
    const response = await request.post("/logout", {
      headers: { Origin: "https://evil.example" },
      form: { csrf: "guessed" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("a same-site POST to /logout without a valid token is refused with 403", async ({ request, baseURL }) => {
    const response = await request.post("/logout", {
      headers: { Origin: new URL(baseURL!).origin },
      form: { csrf: "guessed" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("hostile URLs and bodies get a plain client error, never a stack trace", async ({ request, baseURL }) => {
    for (const path of ["/a%00b", "/%E0%A4%A", "/build/missing.js"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
      const body = await response.text();
      expect(body, path).not.toMatch(/\n\s+at |Error:|node_modules/);
    }
    const big = await request.post("/logout", {
      headers: { Origin: new URL(baseURL!).origin, "Content-Type": "application/x-www-form-urlencoded" },
      data: "csrf=" + "x".repeat(1_200_000),
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
  });
});
