/** Uploads by content and photos attached to records, with real bytes. */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files, images, videos } from "../db/schema";
import { imageHash } from "../media/store";
import { scene } from "../test/images";
import { type AdminHarness, adminHarness } from "./test-support";
import { ADMIN_UPLOAD_PATH } from "./uploads";

let h: AdminHarness;

beforeAll(async () => {
  h = await adminHarness();
}, 60_000);

afterAll(() => h.t.dispose());

async function send(
  bytes: Uint8Array,
  name: string,
  type = "application/octet-stream",
  who: "admin" | "member" = "admin",
) {
  const form = new FormData();
  form.append("file", new File([Buffer.from(bytes)], name, { type }));
  return h.client.call("POST", ADMIN_UPLOAD_PATH, { form, token: who === "admin" ? h.adminToken : h.memberToken });
}

describe("uploads", () => {
  it("stores a PNG by its content hash and answers it", async () => {
    const png = new Uint8Array(await scene(120, 90));
    h.changes.length = 0;
    const res = await send(png, "bench.png", "image/png");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: "image", key: imageHash(png), name: "bench.png" });
    expect(res.body.data.image.url).toContain(imageHash(png));
    expect(
      await h.db
        .select({ hash: images.hash })
        .from(images)
        .where(eq(images.hash, imageHash(png))),
    ).toHaveLength(1);
    expect(h.changes[0].paths).toEqual(["/api/v1/cognito/image/"]);
    // The same bytes again: the same key, still one original.
    expect((await send(png, "again.png")).body.data.key).toBe(imageHash(png));
    expect(await h.db.select({ hash: images.hash }).from(images)).toHaveLength(1);
  });

  it("refuses an SVG with a script, and stores nothing", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await send(svg, "logo.svg", "image/svg+xml");
    expect(res.status).toBe(415);
    expect(res.body.errors.file).toBeDefined();
    expect(await h.db.select({ hash: images.hash }).from(images)).toHaveLength(1);
  });

  it("goes by the bytes, not the name: a .jpg holding a PDF is a document", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const res = await send(pdf, "photo.jpg", "image/jpeg");
    expect(res.status).toBe(200);
    expect(res.body.data.kind).toBe("file");
    const [row] = await h.db.select({ mime: files.mime, name: files.name }).from(files);
    expect(row).toEqual({ mime: "application/pdf", name: "photo.jpg" });
  });

  it("takes MP4 and WebM videos, and GIF images", async () => {
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypmp42"), 0, 0, 0, 0]);
    expect((await send(mp4, "clip.mp4")).body.data.kind).toBe("video");
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
    expect((await send(webm, "clip.webm")).body.data.kind).toBe("video");
    expect((await h.db.select({ mime: videos.mime }).from(videos)).map((v) => v.mime)).toEqual([
      "video/mp4",
      "video/webm",
    ]);
    const gif = new Uint8Array(
      await sharp(await scene(40, 30))
        .gif()
        .toBuffer(),
    );
    expect((await send(gif, "a.gif")).body.data.kind).toBe("image");
  });

  it("refuses an image over 10 MB with 413, and a member with 403", async () => {
    const big = new Uint8Array(10 * 2 ** 20 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await send(big, "huge.jpg");
    expect(res.status).toBe(413);
    expect(res.body.errors.file).toEqual(["must be at most 10 MB"]);
    // A PDF may be twice that, but not more.
    const pdf = new Uint8Array(20 * 2 ** 20 + 1);
    pdf.set(new TextEncoder().encode("%PDF-1.4"));
    expect((await send(pdf, "big.pdf")).status).toBe(413);
    // Past the largest kind, the body guard refuses before anything is read.
    const video = new Uint8Array(50 * 2 ** 20 + 64 * 1024 + 1);
    video.set([0x1a, 0x45, 0xdf, 0xa3]);
    const guarded = await send(video, "long.webm");
    expect(guarded.status).toBe(413);
    expect(guarded.body.errors.file).toEqual(["must be at most 50 MB"]);
    expect(await h.db.select({ id: files.id }).from(files)).toHaveLength(1);
    const png = new Uint8Array(await scene(30, 30, 3));
    expect((await send(png, "m.png", "image/png", "member")).status).toBe(403);
    expect(
      await h.db
        .select({ hash: images.hash })
        .from(images)
        .where(eq(images.hash, imageHash(png))),
    ).toHaveLength(0);
  });
});

describe("addPhoto", () => {
  it("attaches an upload to a product, a gallery, a person and a slide, and orders a gallery", async () => {
    const keys: string[] = [];
    for (const tint of [5, 6])
      keys.push((await send(new Uint8Array(await scene(80, 60, tint)), `p${tint}.png`)).body.data.key);
    const group = await h.call("/group/create", { name: "Shop", slug: "shop", model: "Product" });
    const product = await h.call("/product/create", {
      group_id: group.body.data.id,
      name: "Bench",
      slug: "bench",
      price_cents: 100,
    });
    for (const key of keys) {
      const res = await h.call("/product/addPhoto", {
        id: product.body.data.id,
        model: "product",
        uuid: "u",
        name: "n",
        key,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const photos = (await h.call(`/product/${product.body.data.id}`)).body.data.photos;
    expect(photos.map((p: { hash: string }) => p.hash)).toEqual(keys);

    const gallery = await h.call("/gallery/create", { name: "Work", url: "work" });
    for (const key of keys) await h.call("/gallery/addPhoto", { id: gallery.body.data.id, key });
    const slides = (await h.call(`/gallery/${gallery.body.data.id}`)).body.data.photos as {
      id: number;
      image: { hash: string };
    }[];
    expect(slides.map((s) => s.image.hash)).toEqual(keys);
    const reordered = await h.call("/gallery/order", {
      id: gallery.body.data.id,
      photo_ids: slides.map((s) => s.id).reverse(),
    });
    expect(reordered.body.data.photos.map((s: { image: { hash: string } }) => s.image.hash)).toEqual(
      [...keys].reverse(),
    );
    expect((await h.call("/gallery/order", { id: gallery.body.data.id, photo_ids: [slides[0].id] })).status).toBe(400);

    const person = await h.call("/person/create", { first_name: "Sam" });
    const withPhoto = await h.call("/person/addPhoto", { id: person.body.data.id, key: keys[0] });
    expect(withPhoto.body.data.photo).toEqual({ hash: keys[0], url: expect.stringContaining(keys[0]) });
    const slide = await h.call("/slide/create", { group_id: group.body.data.id, heading: "Hi" });
    expect((await h.call("/slide/addPhoto", { id: slide.body.data.id, key: keys[1] })).body.data.image_hash).toBe(
      keys[1],
    );

    expect((await h.call("/faq/addPhoto", { id: 1, key: keys[0] })).status).toBe(404);
    expect(
      (await h.call("/person/addPhoto", { id: person.body.data.id, key: "0".repeat(32) })).body.errors.key,
    ).toBeDefined();
    const audit = await h.call("/audit", { model: "person", record_id: String(person.body.data.id) });
    expect(audit.body.data[0]).toMatchObject({
      action: "addPhoto",
      before: { photo_hash: null },
      after: { photo_hash: keys[0] },
    });
  });
});
