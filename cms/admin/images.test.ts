/** The media library's list: the seeded images and uploads, newest first, admins only. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { images } from "../db/schema";
import { scene } from "../test/images";
import { type AdminHarness, adminHarness } from "./test-support";
import { ADMIN_UPLOAD_PATH } from "./uploads";

let h: AdminHarness;

beforeAll(async () => {
  h = await adminHarness();
}, 60_000);

afterAll(() => h.t.dispose());

async function upload(name: string, width: number) {
  const form = new FormData();
  form.append("file", new File([Buffer.from(await scene(width, 90))], name, { type: "image/png" }));
  const res = await h.client.call("POST", ADMIN_UPLOAD_PATH, { form, token: h.adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.key as string;
}

describe("the media library", () => {
  it("lists every stored image with its size and a screen variant, paged", async () => {
    await upload("first.png", 110);
    await upload("second.png", 120);
    const stored = await h.db.select({ hash: images.hash }).from(images);
    const res = await h.call("/image", { page_size: 100 });
    expect(res.status).toBe(200);
    expect(res.body.num_items).toBe(stored.length);
    expect(res.body.data.map((i: { hash: string }) => i.hash).sort()).toEqual(stored.map((s) => s.hash).sort());
    const first = res.body.data[0];
    expect(first).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(first.url).toContain(first.hash);
    const paged = await h.call("/image", { page: 2, page_size: 1 });
    expect(paged.body).toMatchObject({ page: 2, num_items: stored.length, num_pages: stored.length });
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0].hash).not.toBe((await h.call("/image", { page_size: 1 })).body.data[0].hash);
  });

  it("answers the newest first and searches names", async () => {
    const key = await upload("harbour-at-dusk.png", 130);
    const newest = await h.call("/image", { page_size: 1 });
    expect(newest.body.data[0]).toMatchObject({ hash: key, name: "harbour-at-dusk.png", width: 130, height: 90 });
    const found = await h.call("/image", { q: "HARBOUR" });
    expect(found.body.data.map((i: { hash: string }) => i.hash)).toEqual([key]);
    expect((await h.call("/image", { q: "100%_none" })).body.num_items).toBe(0);
  });

  it("refuses a member, and a bad body beside its field", async () => {
    expect((await h.call("/image", {}, "member")).status).toBe(403);
    expect((await h.call("/image", {}, null)).status).toBe(401);
    const bad = await h.call("/image", { page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.page).toBeDefined();
  });
});
