/**
 * Documents: the seeded PDFs (made from seeds/documents.json) and an image stored as files, and
 * downloaded through the CMS app at /api/v1/cognito/default/file/{id}: name, type, ETag and 304,
 * byte ranges (206, 416), the sandboxing headers, and what is refused. On each driver.
 */
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "./app";
import { documentSeedsSchema, prepareSeedDocuments, seedDocuments } from "./files/seed";
import { FileRejected, sniffFileType, storeFile } from "./files/store";
import { readSeeds } from "./seed";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase } from "./test/databases";

const FILE = "http://cms.test/api/v1/cognito/default/file";
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`documents — ${driver.title}`, () => {
    let t: TestDatabase;
    let app: CmsApp;
    let ids: Map<string, number>;
    let guide: Uint8Array;
    let photoId: number;
    const get = (path: string, headers: Record<string, string> = {}) =>
      app.fetch(new Request(`${FILE}/${path}`, { headers }));

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "files");
      const seeds = documentSeedsSchema.parse(readSeeds().documents);
      const made = await prepareSeedDocuments(seeds, "Dovetail Outdoor Furniture");
      ids = await seedDocuments(t.database.db, seeds, made);
      guide = made.get("care-guide")!;
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#7c4a1e" } })
        .png()
        .toBuffer();
      photoId = await storeFile(t.database.db, new Uint8Array(png), "Spotted gum — swatch.png");
      app = createCmsApp(t.database);
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it("the care guide is a real PDF of one or two pages, titled and signed by the business", async () => {
      expect(text(guide.slice(0, 5))).toBe("%PDF-");
      const pdf = await PDFDocument.load(guide);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
      expect(pdf.getTitle()).toBe("Caring for your timber furniture");
      expect(pdf.getAuthor()).toBe("Dovetail Outdoor Furniture");
      const warranty = await PDFDocument.load(await (await get(String(ids.get("warranty")))).arrayBuffer());
      expect(warranty.getTitle()).toBe("5 year structural warranty");
    });

    it("downloads a document with its name, type, length and a strong ETag", async () => {
      const res = await get(String(ids.get("care-guide")));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(
        'attachment; filename="Caring for your timber furniture.pdf"',
      );
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      const body = new Uint8Array(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(guide.length);
      expect(body).toEqual(guide);
    });

    it("a name that is not plain ASCII gets an RFC 5987 filename* beside a safe fallback", async () => {
      const res = await get(String(photoId));
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="Spotted gum _ swatch.png"; filename*=UTF-8''Spotted%20gum%20%E2%80%94%20swatch.png`,
      );
    });

    it("answers 304 to If-None-Match with its ETag, and the whole file to another", async () => {
      const first = await get(String(ids.get("warranty")));
      const etag = first.headers.get("etag")!;
      const again = await get(String(ids.get("warranty")), { "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      expect((await get(String(ids.get("warranty")), { "if-none-match": '"other"' })).status).toBe(200);
      expect(etag).not.toBe((await get(String(ids.get("care-guide")))).headers.get("etag"));
    });

    it("serves one byte range as 206 with Content-Range, and 416 when it cannot", async () => {
      const id = String(ids.get("care-guide"));
      const head = await get(id, { range: "bytes=0-4" });
      expect(head.status).toBe(206);
      expect(head.headers.get("content-range")).toBe(`bytes 0-4/${guide.length}`);
      expect(text(new Uint8Array(await head.arrayBuffer()))).toBe("%PDF-");
      const tail = await get(id, { range: "bytes=-10" });
      expect(tail.status).toBe(206);
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(guide.slice(-10));
      const open = await get(id, { range: `bytes=${guide.length - 3}-` });
      expect(open.headers.get("content-range")).toBe(`bytes ${guide.length - 3}-${guide.length - 1}/${guide.length}`);
      const beyond = await get(id, { range: `bytes=${guide.length}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get("content-range")).toBe(`bytes */${guide.length}`);
      // A range for a copy the client no longer has (If-Range with another ETag): the whole file.
      const stale = await get(id, { range: "bytes=0-4", "if-range": '"stale"' });
      expect(stale.status).toBe(200);
    });

    it("an unknown or malformed id is a JSON 404", async () => {
      for (const id of ["99999", "0", "abc", "99999999999", "1.pdf"]) {
        const res = await get(id);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual({ message: expect.any(String), status: 404 });
      }
    });

    it("only PDFs and images are stored: by their bytes, whatever the name says", async () => {
      const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
      await expect(storeFile(t.database.db, html, "guide.pdf")).rejects.toBeInstanceOf(FileRejected);
      await expect(storeFile(t.database.db, new Uint8Array([0x4d, 0x5a, 0, 0]), "setup.png")).rejects.toThrow(
        "Only PDF and image files are accepted",
      );
      expect(sniffFileType(new TextEncoder().encode("GIF89a...."))).toBe("image/gif");
      expect(sniffFileType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
    });
  });
}
