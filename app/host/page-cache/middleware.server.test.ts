/**
 * The rendered-page cache in front of a Remix handler, over HTTP, as server.ts mounts it (the
 * site is app/test/page-cache-site.ts).
 */
import { createHash } from "node:crypto";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { type Answer, resetState, type Site, startSite, state } from "~/test/page-cache-site";

import { chooseEncoding } from "./middleware.server";

let site: Site;
const get = (...args: Parameters<Site["get"]>) => site.get(...args);

const headlineOf = (answer: Answer) => /<h1>([^<]*)<\/h1>/.exec(answer.html)?.[1];
const pageTiming = (answer: Answer) => /page;desc="(\w+)"/.exec(String(answer.headers["server-timing"]))?.[1];
const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
const sha = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;
/** Every inline script a browser would run, and whether this answer's CSP allows it. */
function inlineScriptsAllowed(answer: Answer) {
  const csp = String(answer.headers["content-security-policy"]);
  const scripts = [...answer.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/type="application\/json"/.test(attributes),
  );
  return scripts.map(([, attributes, source]) => {
    const nonce = /nonce="([^"]*)"/.exec(attributes)?.[1];
    return (nonce !== undefined && csp.includes(`'nonce-${nonce}'`)) || csp.includes(sha(source));
  });
}

beforeEach(async () => {
  resetState(Date.parse("2026-11-23T10:00:00Z"));
  vi.spyOn(console, "warn").mockImplementation(() => {});
  site = await startSite("https://dovetail.example");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await site.close();
});

describe("the rendered-page cache", () => {
  it("renders a page once, then serves it from memory: Server-Timing says miss, then hit", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    expect(pageTiming(first)).toBe("miss");
    expect(first.headers["server-timing"]).toContain("upstream;dur=");
    const second = await get("/about");
    expect(pageTiming(second)).toBe("hit");
    expect(second.html).toBe(first.html);
    expect([state.renders, state.upstreamCalls]).toEqual([1, 1]);
  });

  it("answers a stored page before the rest of the stack, and leaves files and misses to it", async () => {
    await get("/about");
    expect(state.passedStored).toBe(1);
    expect(pageTiming(await get("/about"))).toBe("hit");
    expect(state.passedStored).toBe(1);
    const file = await get("/robots.txt");
    expect(file.html).toBe("User-agent: *");
    expect(pageTiming(await get("/robots.txt"))).toBeUndefined();
    expect(state.passedStored).toBe(3);
  });

  it("gives every answer its own nonce, and each answer's CSP allows exactly its body's scripts", async () => {
    const answers = [await get("/about"), await get("/about"), await get("/about")];
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const answer of answers) {
      expect(answer.html).not.toMatch(/nonce=/);
      expect(inlineScriptsAllowed(answer)).toEqual([true, true]);
    }
    // A script injected into the stored body would run under no answer's policy.
    const injected = { ...answers[2], html: answers[2].html.replace("</body>", "<script>steal()</script></body>") };
    expect(inlineScriptsAllowed(injected)).toEqual([true, true, false]);
  });

  it("sends the stored brotli, gzip or plain body as the request accepts, the same page each way", async () => {
    await get("/about");
    const br = await get("/about", { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await get("/about", { "accept-encoding": "gzip;q=1, br;q=0.5" });
    const plain = await get("/about", { "accept-encoding": "identity" });
    expect([br, gzip, plain].map((a) => a.headers["content-encoding"])).toEqual(["br", "gzip", undefined]);
    expect(br.raw.length).toBe(Number(br.headers["content-length"]));
    expect(gzip.html).toBe(br.html);
    expect(plain.raw.toString()).toBe(br.html);
    expect(br.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
    expect(state.renders).toBe(1);
  });

  it("makes one render and one round of upstream calls for 100 concurrent requests of a cold page", async () => {
    // The upstream answers only once all 100 requests have asked the cache for the page.
    let release!: () => void;
    state.upstreamGate = new Promise<void>((resolve) => (release = resolve));
    const render = site.pageCache.render.bind(site.pageCache);
    let asked = 0;
    vi.spyOn(site.pageCache, "render").mockImplementation((...args) => {
      if (++asked === 100) release();
      return render(...args);
    });
    const answers = await Promise.all(Array.from({ length: 100 }, () => get("/catalogue")));
    expect(answers.every((a) => a.status === 200 && a.html === answers[0].html)).toBe(true);
    expect(answers.map(pageTiming).every((outcome) => outcome === "miss")).toBe(true);
    expect([state.renders, state.upstreamCalls]).toEqual([1, 1]);
    expect(pageTiming(await get("/catalogue"))).toBe("hit");
  });

  it("keeps languages, themes and tabs apart, and renders each as asked", async () => {
    const english = await get("/about");
    const french = await get("/about", { "accept-language": "fr-CA,fr;q=0.8" });
    const dark = await get("/about", { cookie: "theme=ImRhcmsi" });
    const tab = await get("/about?tab=Hours&utm_source=mail");
    expect(state.renders).toBe(4);
    expect(english.html).toContain('<html lang="en" class="system">');
    expect(french.html).toContain('<html lang="fr" class="system">');
    expect(dark.html).toContain('<html lang="en" class="dark">');
    expect(tab.html).toContain("<p>Tab: Hours</p>");
    expect(pageTiming(await get("/about", { cookie: "lng=ImZyIg%3D%3D" }))).toBe("hit");
    expect(pageTiming(await get("/about?tab=Hours"))).toBe("hit");
    expect(state.renders).toBe(4);
  });

  it("leaves a visitor with a session, a form post, a data request and unknown parameters to Remix", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // Remix reports the POST: this page has no action
    for (const [path, headers, method] of [
      ["/about", { cookie: "__session=whatever" }, "GET"],
      ["/about?x=1", {}, "GET"],
      ["/about.data", {}, "GET"],
      ["/about", {}, "POST"],
    ] as const) {
      const answer = await get(path, headers, method);
      expect(pageTiming(answer), `${method} ${path}`).toBeUndefined();
    }
    expect(site.pageCache.stats.pages).toBe(0);
  });

  it("stores no page that sets a cookie, and no 404: each request renders its own", async () => {
    const form = await get("/form");
    expect(form.headers["set-cookie"]?.[0]).toMatch(/^__session=/);
    expect(pageTiming(form)).toBe("miss");
    const again = await get("/form");
    expect(again.headers["set-cookie"]?.[0]).toMatch(/^__session=/);
    expect(again.headers["set-cookie"]).not.toEqual(form.headers["set-cookie"]);
    expect((await get("/missing")).status).toBe(404);
    expect((await get("/missing")).status).toBe(404);
    expect(state.renders).toBe(4);
    expect(site.pageCache.stats.pages).toBe(0);
  });

  it("renders the page again at its next scheduled change, not before", async () => {
    state.changeAt = state.now + 30_000;
    const first = await get("/about");
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=0");
    state.now += 10_000;
    const later = await get("/about");
    expect(pageTiming(later)).toBe("hit");
    // Downstream caches get what is left of the lifetime, so they too stop at the change.
    expect(later.headers["cache-control"]).toBe("public, max-age=0, s-maxage=20, stale-while-revalidate=0");
    // Near the end, a request starts the next render in the background; that one cannot be kept.
    state.now += 19_999;
    expect(pageTiming(await get("/about"))).toBe("hit");
    await vi.waitFor(() => expect(state.renders).toBe(2));
    state.now += 1;
    state.changeAt = null; // the block has appeared; nothing else is scheduled
    const after = await get("/about");
    expect(pageTiming(after)).toBe("miss");
    expect(after.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(state.renders).toBe(3);
  });

  it("renders an expired page from fresh upstream answers, not from the stale one it would keep a new lifetime", async () => {
    state.headline = "Monday";
    expect(headlineOf(await get("/news"))).toBe("Monday");
    state.headline = "Tuesday";
    // Past the page's minute and its answer's 10 s: the next render asks the upstream first.
    state.now += 61_000;
    const renewed = await get("/news");
    expect([pageTiming(renewed), headlineOf(renewed)]).toEqual(["miss", "Tuesday"]);
    const stored = await get("/news");
    expect([pageTiming(stored), headlineOf(stored)]).toEqual(["hit", "Tuesday"]);
  });

  it("never stores a page made from a stale answer (its refresh failed): it answers once, no-store", async () => {
    state.headline = "Monday";
    await get("/news");
    state.headline = "Tuesday";
    state.upstreamDown = true;
    state.now += 61_000;
    const stale = await get("/news");
    expect([pageTiming(stale), headlineOf(stale)]).toEqual(["miss", "Monday"]);
    expect(stale.headers["cache-control"]).toBe("no-store");
    expect(site.pageCache.stats.pages).toBe(0);
    expect(pageTiming(await get("/news"))).toBe("miss");
    // Once the upstream answers, the next request's render is fresh, and kept.
    state.upstreamDown = false;
    expect(headlineOf(await get("/news"))).toBe("Tuesday");
    expect(pageTiming(await get("/news"))).toBe("hit");
  });

  it("does not hand a request that waited past the page's end (a scheduled change) the render it waited for", async () => {
    state.changeAt = state.now + 1_500; // s-maxage=1: the page ends a second after it was rendered
    let release!: () => void;
    state.upstreamGate = new Promise<void>((resolve) => (release = resolve));
    const render = site.pageCache.render.bind(site.pageCache);
    let asked = 0;
    vi.spyOn(site.pageCache, "render").mockImplementation((...args) => {
      const started = render(...args);
      if (++asked !== 2) return started;
      release();
      // The second request gets the render's outcome two seconds on: past the page's end.
      const late = started.outcome.then((outcome) => {
        state.now += 2_000;
        return outcome;
      });
      return { ...started, outcome: late };
    });
    const [first, second] = await Promise.all([get("/about"), get("/about")]);
    expect(pageTiming(first)).toBe("miss");
    // The second rendered its own page after the change, on the ordinary path.
    expect(pageTiming(second)).toBeUndefined();
    expect(state.renders).toBe(2);
  });

  it("drops every rendered page when the upstream cache is purged (a content change)", async () => {
    await get("/about");
    await get("/catalogue");
    site.upstreamCache.purge({ paths: ["/api/v1/cognito/page/about"] });
    expect(pageTiming(await get("/about"))).toBe("miss");
    expect(pageTiming(await get("/catalogue"))).toBe("miss");
    expect(state.renders).toBe(4);
  });

  it("without PUBLIC_URL: keys pages by origin, and keeps every answer private", async () => {
    await site.close();
    site = await startSite(undefined);
    const local = await get("/about");
    const other = await get("/about", { host: "other.example" });
    expect(local.html).toContain(`<link rel="canonical" href="${site.origin}/about">`);
    expect(other.html).toContain('<link rel="canonical" href="http://other.example/about">');
    expect(pageTiming(await get("/about", { host: "other.example" }))).toBe("hit");
    expect(state.renders).toBe(2);
    expect(local.headers["cache-control"]).toBe("private, no-store");
    expect((await get("/about")).headers["cache-control"]).toBe("private, no-store");
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli on a tie, follows q-values, and falls back to the plain body", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});

describe("remixOrigin", () => {
  it("keys a page by the origin Remix gives its request, behind a proxy or not", async () => {
    await site.close();
    site = await startSite(undefined);
    const cases: Record<string, string>[] = [
      {},
      { host: "Example.COM" },
      { host: "example.com:80" },
      { "x-forwarded-host": "shop.example:8443", "x-forwarded-proto": "https" },
    ];
    const canonical = (answer: Answer) => /<link rel="canonical" href="([^"]*)">/.exec(answer.html)?.[1];
    for (const headers of cases) {
      // ?x=1 goes on to Remix, which builds its own request; the page cache renders with remixOrigin's.
      const fromRemix = canonical(await get("/about?x=1", headers));
      const fromCache = await get("/about", headers);
      expect(pageTiming(fromCache)).toMatch(/hit|miss/);
      expect(canonical(fromCache), JSON.stringify(headers)).toBe(fromRemix);
    }
  });
});
