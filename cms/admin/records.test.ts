/** The generic record calls: each model's create, fetch, list, update and delete, with their audit rows. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, files, groups, redirects, skus } from "../db/schema";
import { storeImage } from "../media/store";
import { scene } from "../test/images";
import { models } from "./models";
import { type AdminHarness, adminHarness, sampleBodies } from "./test-support";

let h: AdminHarness;
let groupId: number;
let imageHash: string;

beforeAll(async () => {
  h = await adminHarness();
  imageHash = (await storeImage(h.db, await scene(64, 48))).hash;
  const root = await h.call("/group/create", { name: "Catalogue", slug: "catalogue", model: "Product" });
  groupId = root.body.data.id;
}, 60_000);

afterAll(() => h.t.dispose());

const auditRows = async (model: string, id: number) =>
  h.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.recordId, String(id)))
    .then((rows) => rows.filter((r) => r.model === model));

describe("generic records", () => {
  it("creates, lists, fetches, updates and deletes every model, one audit row with before and after each", async () => {
    const bodies = sampleBodies({ groupId, imageHash, n: 7 });
    for (const model of Object.keys(models).filter((m) => m !== "file")) {
      const { create, change } = bodies[model];
      h.changes.length = 0;
      const created = await h.call(`/${model}/create`, create);
      expect(created.status, `${model} create ${JSON.stringify(created.body)}`).toBe(200);
      const id = created.body.data.id as number;
      // A user shows on no cached answer: nothing to purge.
      expect(h.changes.length, `${model} notified`).toBe(model === "user" ? 0 : 1);

      const fetched = await h.call(`/${model}/${id}`);
      expect(fetched.body.data).toMatchObject(created.body.data);

      const updated = await h.call(`/${model}/update`, { id, ...change });
      expect(updated.status, `${model} update ${JSON.stringify(updated.body)}`).toBe(200);
      for (const [field, value] of Object.entries(change)) expect(updated.body.data[field]).toEqual(value);

      const deleted = await h.call(`/${model}/delete`, { id });
      expect(deleted.status, `${model} delete ${JSON.stringify(deleted.body)}`).toBe(200);
      expect(deleted.body).toEqual({ data: { id } });
      expect((await h.call(`/${model}/${id}`)).status).toBe(404);

      const audit = await auditRows(model, id);
      expect(audit.map((a) => a.action)).toEqual(["create", "update", "delete"]);
      expect(audit.every((a) => a.userId === h.admin.id)).toBe(true);
      expect(audit[0].before).toBeNull();
      expect(audit[0].after).toEqual(created.body.data);
      expect(audit[1].before).toEqual(created.body.data);
      expect(audit[1].after).toEqual(updated.body.data);
      expect(audit[2].after).toBeNull();
    }
  }, 60_000);

  it("answers 400 with the body's field names and writes nothing", async () => {
    const auditBefore = (await h.db.select().from(auditLog)).length;
    const res = await h.call("/product/create", { group_id: groupId, name: "", slug: "Bad Slug" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["name", "price_cents", "slug"]);
    expect((await h.call("/product/create", { nonsense: 1 })).body.errors.nonsense).toBeDefined();
    expect((await h.db.select().from(auditLog)).length).toBe(auditBefore);
    expect((await h.call("/nothing", {})).status).toBe(404);
    expect((await h.call("/slide/enable", { id: 1 })).status).toBe(404);
  });

  it("lists with search, sort, direction and paging, disabled records included", async () => {
    for (const [i, name] of ["Oak bench", "Ash stool", "Oak table"].entries()) {
      await h.call("/product/create", { group_id: groupId, name, slug: `p-${i}`, price_cents: 1000 * (3 - i) });
    }
    const oak = await h.call("/product", { q: "oak", sort: "price_cents", dir: "asc" });
    expect(oak.body.data.map((p: { name: string }) => p.name)).toEqual(["Oak table", "Oak bench"]);
    const stool = oak.body.data[0].id;
    await h.call("/product/disable", { id: oak.body.data[0].id });
    const paged = await h.call("/product", { sort: "name", page_size: 2, page: 2 });
    expect(paged.body).toMatchObject({ num_items: 3, num_pages: 2, page: 2 });
    expect(paged.body.data.map((p: { name: string; enabled: boolean }) => [p.name, p.enabled])).toEqual([
      ["Oak table", false],
    ]);
    expect((await h.call("/product", { sort: "password" })).body.errors.sort).toBeDefined();
    const enabled = await h.call("/product/enable", { id: stool });
    expect(enabled.body.data.enabled).toBe(true);
    expect((await auditRows("product", stool)).map((a) => a.action)).toEqual(["create", "disable", "enable"]);
  });

  it("keeps a product's SKU with its price and stock", async () => {
    const res = await h.call("/product/create", {
      group_id: groupId,
      name: "Stool",
      slug: "stool",
      price_cents: 5000,
      sku: { code: "ST-1", stock: 3 },
    });
    expect(res.body.data.sku).toEqual({ code: "ST-1", price_cents: 5000, stock: 3 });
    const id = res.body.data.id;
    const up = await h.call("/product/update", { id, sku: { code: "ST-1", price_cents: 4500, stock: 0 } });
    expect(up.body.data.sku).toEqual({ code: "ST-1", price_cents: 4500, stock: 0 });
    expect(await h.db.select().from(skus).where(eq(skus.productId, id))).toHaveLength(1);
  });

  it("creates groups under a parent keeping the nested set", async () => {
    const top = await h.call("/group/create", { name: "Shop", slug: "shop", model: "Product" });
    const a = await h.call("/group/create", { name: "A", slug: "a", parent_id: top.body.data.id });
    const b = await h.call("/group/create", { name: "B", slug: "b", parent_id: top.body.data.id });
    const a1 = await h.call("/group/create", { name: "A1", slug: "a1", parent_id: a.body.data.id });
    const tree = await h.db.select().from(groups).where(eq(groups.root, top.body.data.id));
    const of = (id: number) => tree.find((g) => g.id === id)!;
    expect(
      [of(top.body.data.id), of(a.body.data.id), of(a1.body.data.id), of(b.body.data.id)].map((g) => [
        g.lft,
        g.rgt,
        g.level,
      ]),
    ).toEqual([
      [1, 8, 0],
      [2, 5, 1],
      [3, 4, 2],
      [6, 7, 1],
    ]);
    expect(of(a1.body.data.id).model).toBe("Product");
    expect((await h.call("/group/delete", { id: a.body.data.id })).status).toBe(409);
    expect((await h.call("/group/delete", { id: a1.body.data.id })).status).toBe(200);
    const after = await h.db.select().from(groups).where(eq(groups.id, top.body.data.id));
    expect(after[0].rgt).toBe(6);
  });

  it("moves a page to a new url, with a redirect from the old one when asked", async () => {
    const page = await h.call("/page/create", { name: "About", slug: "about", url: "about" });
    const id = page.body.data.id;
    h.changes.length = 0;
    expect(page.body.data.has_draft).toBe(false);
    const moved = await h.call("/page/update", { id, url: "/about-us/", redirect_from_old: true });
    expect(moved.body.data.url).toBe("about-us");
    expect(await h.db.select().from(redirects)).toEqual([
      expect.objectContaining({ fromPath: "/about", toPath: "/about-us" }),
    ]);
    expect(h.changes[0].paths).toEqual(
      expect.arrayContaining(["/api/v1/cognito/page/about", "/api/v1/cognito/page/about-us"]),
    );
    await h.call("/page/update", { id, url: "about-again" });
    expect(await h.db.select().from(redirects)).toHaveLength(1);
    expect((await h.call("/page/create", { name: "Dup", slug: "dup", url: "about-again" })).status).toBe(409);
  });

  it("never answers a user's password hash and keeps an admin from removing their own access", async () => {
    const res = await h.call(`/user/${h.member.id}`);
    expect(res.body.data.email).toBe("member@example.com");
    expect(JSON.stringify(res.body)).not.toContain("password");
    const promoted = await h.call("/user/update", { id: h.member.id, is_admin: true });
    expect(promoted.body.data.is_admin).toBe(true);
    expect((await h.call("/user/update", { id: h.admin.id, is_admin: false })).status).toBe(409);
    expect((await h.call("/user/delete", { id: h.admin.id })).status).toBe(409);
  });

  it("lists documents without their bytes, renames them, and creates them only by upload", async () => {
    await h.db.insert(files).values({
      name: "care.pdf",
      mime: "application/pdf",
      size: 5,
      etag: "e",
      bytes: new Uint8Array([37, 80, 68, 70, 45]),
    });
    const listed = await h.call("/file", { q: "care" });
    expect(listed.body.data).toEqual([expect.objectContaining({ name: "care.pdf", size: 5, mime: "application/pdf" })]);
    expect(listed.body.data[0]).not.toHaveProperty("bytes");
    const renamed = await h.call("/file/update", { id: listed.body.data[0].id, name: "care-guide.pdf" });
    expect(renamed.body.data).not.toHaveProperty("bytes");
    expect(renamed.body.data.name).toBe("care-guide.pdf");
    expect((await h.call("/file/create", { name: "x.pdf" })).status).toBe(404);
  });

  it("changes the site settings, checking known keys and keeping unknown ones", async () => {
    const bad = await h.call("/domain/update", { settings: { ecommerce: "yes", time_zone: "Mars/Base" } });
    expect(Object.keys(bad.body.errors).sort()).toEqual(["settings"]);
    const ok = await h.call("/domain/update", { settings: { ecommerce: true, future_flag: { a: 1 } } });
    expect(ok.body.data.settings).toEqual({
      organisation_name: "Dovetail",
      time_zone: "UTC",
      ecommerce: true,
      future_flag: { a: 1 },
    });
    expect((await h.call("/domain")).body.data.settings.future_flag).toEqual({ a: 1 });
    const audit = await h.call("/audit", { model: "domain" });
    expect(audit.body.data[0]).toMatchObject({ action: "update", user: { id: h.admin.id, name: "Ada Admin" } });
    expect(audit.body.data[0].after.ecommerce).toBe(true);
  });
});
