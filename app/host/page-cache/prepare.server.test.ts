import { createHash } from "node:crypto";
import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import { DEFERRED_MODULE_TYPE } from "~/shared/runtime-loader";

import { emptyCspSources } from "../security-headers.server";
import { inlineScriptHashes, preparePage, type RenderedPage, sharedLifetime } from "./prepare.server";

const NONCE = "bm9uY2Utb2YtdGhlLXJlbmRlcg==";
const sha = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

const BOOT = "window.boot = 1;";
const MODULE = 'import "/build/entry.js";';
const html = [
  "<!DOCTYPE html><html><head>",
  `<script nonce="${NONCE}">${BOOT}</script>`,
  `<script type="application/ld+json">{"@type":"WebPage"}</script>`,
  `<script id="i18n" type="application/json" nonce="${NONCE}">{"a":"b"}</script>`,
  `<script nonce="${NONCE}" type="module" async="">${MODULE}</script>`,
  `<script nonce="${NONCE}" src="/build/x.js"></script>`,
  "</head><body><p>Hello</p></body></html>",
].join("");

interface Overrides {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer;
}

function rendered(overrides: Overrides = {}): RenderedPage {
  return {
    status: overrides.status ?? 200,
    headers: new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      Vary: "Cookie, Accept-Language",
      ...overrides.headers,
    }),
    body: overrides.body ?? Buffer.from(html),
  };
}

const render = (cspExtra = emptyCspSources()) => ({ nonce: NONCE, cspExtra, now: 5_000 });

describe("sharedLifetime", () => {
  it("reads s-maxage and stale-while-revalidate of a public answer", () => {
    expect(sharedLifetime("public, max-age=0, s-maxage=42, stale-while-revalidate=7")).toEqual({
      lifetime: 42,
      stale: 7,
    });
    expect(sharedLifetime("public, s-maxage=60")).toEqual({ lifetime: 60, stale: 0 });
  });

  it("refuses private answers, no lifetime, and a lifetime under a second", () => {
    for (const value of [null, "private, no-store", "public, max-age=60", "public, s-maxage=0", "no-store"]) {
      expect(sharedLifetime(value), String(value)).toBeNull();
    }
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the inline scripts a browser runs, and no data block or external script", () => {
    expect(inlineScriptHashes(html)).toEqual([sha(BOOT), sha(MODULE)]);
  });

  it("hashes the runtime's deferred entry script, which its loader runs later from the same text", () => {
    const entry = 'import("/build/entry.client.js");';
    expect(inlineScriptHashes(`<script type="${DEFERRED_MODULE_TYPE}" data-preload="/a.js">${entry}</script>`)).toEqual(
      [sha(entry)],
    );
  });

  it("hashes the source as the browser does: CR LF read as LF", () => {
    expect(inlineScriptHashes("<script>a();\r\nb();</script>")).toEqual([sha("a();\nb();")]);
  });
});

describe("preparePage", () => {
  it("stores a shareable page without its nonce, with hashes for its scripts and both compressions", async () => {
    const extra = emptyCspSources();
    extra.script.push("https://www.googletagmanager.com");
    const { page } = await preparePage(rendered(), render(extra));
    expect(page).not.toBeNull();
    const body = page!.identity.toString();
    expect(body).not.toContain(NONCE);
    expect(body).toContain(`<script>${BOOT}</script>`);
    expect(zlib.gunzipSync(page!.gzip).toString()).toBe(body);
    expect(zlib.brotliDecompressSync(page!.br).toString()).toBe(body);
    expect(page!.br.length).toBeLessThan(page!.identity.length);
    expect(page!.csp.script).toEqual(["https://www.googletagmanager.com", sha(BOOT), sha(MODULE)]);
    // The render's own list is not changed: it belongs to the request that rendered.
    expect(extra.script).toEqual(["https://www.googletagmanager.com"]);
  });

  it("lives as long as the page's s-maxage, and remembers its stale-while-revalidate", async () => {
    const { page } = await preparePage(
      rendered({ headers: { "Cache-Control": "public, max-age=0, s-maxage=17, stale-while-revalidate=0" } }),
      render(),
    );
    expect(page!.renderedAt).toBe(5_000);
    expect(page!.expiresAt).toBe(5_000 + 17_000);
    expect(page!.staleSeconds).toBe(0);
  });

  it("keeps the page's own headers but none an answer makes anew", async () => {
    const { page } = await preparePage(
      rendered({
        headers: { "Content-Length": "9", "Server-Timing": "upstream;dur=1", Link: "</a.css>; rel=preload" },
      }),
      render(),
    );
    expect(Object.fromEntries(page!.headers)).toEqual({
      "content-type": "text/html; charset=utf-8",
      vary: "Cookie, Accept-Language",
      link: "</a.css>; rel=preload",
    });
  });

  it("stores no error page, no page that sets a cookie, nothing private or short-lived, nothing but HTML", async () => {
    const refused = [
      rendered({ status: 404 }),
      rendered({ status: 503 }),
      rendered({ headers: { "Set-Cookie": "__session=x; Path=/" } }),
      rendered({ headers: { "Cache-Control": "private, no-store" } }),
      rendered({ headers: { "Cache-Control": "public, max-age=0, s-maxage=0, stale-while-revalidate=0" } }),
      rendered({ headers: { "Content-Type": "application/xml" } }),
    ];
    for (const page of refused) expect((await preparePage(page, render())).page).toBeNull();
  });

  it("stores no page where the nonce appears other than in a script's nonce attribute", async () => {
    const body = Buffer.from(`${html.replace("</body>", `<p data-n="${NONCE}"></p></body>`)}`);
    const prepared = await preparePage(rendered({ body }), render());
    expect(prepared.page).toBeNull();
    expect(prepared.reason).toMatch(/nonce/);
  });
});
