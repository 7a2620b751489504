/**
 * The CMS's own guards, through the app (`createCmsApp(...).fetch`), as `npm run cms` serves it:
 * the security headers of JSON and media answers, the body bound (with and without a length),
 * and the content types a write may carry. HTTP-level behaviour, so PGlite alone is enough.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "../app";
import { videos } from "../db/schema";
import { storeImage } from "../media/store";
import { createCmsApp, openTestDatabase, type TestDatabase } from "../test/databases";
import { MAX_BODY_BYTES, MAX_GRAPHQL_BODY_BYTES } from "./guards";

const ORIGIN = "http://cms.test";
const API = "/api/v1/cognito";

/** A body of `total` bytes of "x" that arrives in 64 KB chunks with no length; `pulled()` says how much was read. */
function endlessBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

describe("the CMS's own guards (pglite)", () => {
  let t: TestDatabase;
  let app: CmsApp;
  let tmp: string;
  let imageUrl: string;
  let videoUrl: string;

  const request = (p: string, init: RequestInit = {}) => app.fetch(new Request(ORIGIN + p, init));
  const post = (p: string, body: BodyInit | null, contentType?: string, extra: RequestInit = {}) =>
    request(p, { method: "POST", body, headers: contentType ? { "content-type": contentType } : {}, ...extra });

  beforeAll(async () => {
    t = await openTestDatabase("pglite", "guards");
    tmp = await mkdtemp(path.join(os.tmpdir(), "cms-guards-"));
    app = createCmsApp(t.database, { imageCacheDir: tmp });
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8a5a2b" } })
      .png()
      .toBuffer();
    const { hash } = await storeImage(t.database.db, png);
    imageUrl = `/assets/i/${hash}/4x3/400.webp`;
    const [video] = await t.database.db
      .insert(videos)
      .values({ bytes: new Uint8Array(100) })
      .returning({ id: videos.id });
    videoUrl = `/v/${video.id}.mp4`;
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  describe("security headers", () => {
    it("a JSON answer says nothing may run in it or frame it, and is not sniffed", async () => {
      for (const res of [await request(`${API}/link`), await request(`${API}/page/nope`), await request("/nope")]) {
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("no-referrer");
        expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      }
    });

    it("images and videos may be shown by pages of another origin, and played when opened alone", async () => {
      const image = await request(imageUrl);
      const video = await request(videoUrl);
      const notModified = await request(imageUrl, { headers: { "if-none-match": image.headers.get("etag") ?? "" } });
      expect([image.status, video.status, notModified.status]).toEqual([200, 200, 304]);
      for (const res of [image, video, notModified]) {
        // A 304 updates the cached copy's headers, so it must not carry the JSON answers' policy either.
        expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp).toContain("img-src 'self'");
        expect(csp).toContain("media-src 'self'");
        expect(csp).not.toContain("script-src");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      }
      expect(image.headers.get("content-type")).toBe("image/webp");
    });

    it("a JSON 404 on a media path is a JSON answer", async () => {
      const res = await request(`/assets/i/${"0".repeat(32)}/4x3/400.webp`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    });
  });

  describe("request bodies", () => {
    it("refuses a body over 1 MB by its Content-Length, before reading it", async () => {
      const { stream, pulled } = endlessBody(MAX_BODY_BYTES * 2);
      const res = await post(`${API}/slide`, stream, "application/json", {
        headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES * 2) },
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: "Request body too large", status: 413 });
      expect(pulled()).toBeLessThanOrEqual(128 * 1024);
    });

    it("stops reading a body with no length once it passes 1 MB: a 300 MB stream is not read", async () => {
      const { stream, pulled } = endlessBody(300 * 1024 * 1024);
      const res = await post(`${API}/slide`, stream, "application/json", { duplex: "half" } as RequestInit);
      expect(res.status).toBe(413);
      expect(pulled()).toBeLessThan(MAX_BODY_BYTES + 256 * 1024);
    });

    it("reads a body with no length up to the bound, and the route gets all of it", async () => {
      const body = JSON.stringify({ group: "nope", padding: "x".repeat(500_000) });
      const stream = new Blob([body]).stream();
      const res = await post(`${API}/slide`, stream, "application/json", { duplex: "half" } as RequestInit);
      // The group is unknown: the route parsed the whole body.
      expect(res.status).toBe(404);
    });

    it("bounds /graphql at 16 KB", async () => {
      const query = `{ cognitoPages { id } } # ${"x".repeat(MAX_GRAPHQL_BODY_BYTES)}`;
      const res = await post("/graphql", JSON.stringify({ query }), "application/json");
      expect(res.status).toBe(413);
      const small = await post("/graphql", JSON.stringify({ query: "{ cognitoPages { id } }" }), "application/json");
      expect(small.status).toBe(200);
    });
  });

  describe("content types of writes", () => {
    it("refuses a text/plain body, and any other type that is not JSON or a form, with 415", async () => {
      for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/xml", "application/graphql"]) {
        const res = await post(`${API}/slide`, JSON.stringify({ group: "home-hero" }), type);
        expect(res.status, type).toBe(415);
        expect((await res.json()).status).toBe(415);
      }
      expect((await post("/graphql", JSON.stringify({ query: "{ cognitoPages { id } }" }), "text/plain")).status).toBe(
        415,
      );
      expect((await post(`${API}/slide`, "{}", undefined)).status).toBe(415);
    });

    it("takes JSON and forms (a form is then the route's to judge)", async () => {
      expect((await post(`${API}/slide`, "{}", "application/json; charset=utf-8")).status).toBe(200);
      expect((await post(`${API}/slide`, "group=x", "application/x-www-form-urlencoded")).status).toBe(400);
      const form = new FormData();
      form.set("group", "x");
      expect((await post(`${API}/slide`, form)).status).toBe(400);
    });

    it("keeps the generic-record POST with no body working, whatever it says it is", async () => {
      expect((await post(`${API}/slide`, null)).status).toBe(200);
      expect((await post(`${API}/slide`, "", "text/plain")).status).toBe(200);
      expect((await post(`${API}/slide`, null, "text/plain", { headers: { "content-length": "0" } })).status).toBe(200);
    });
  });
});
