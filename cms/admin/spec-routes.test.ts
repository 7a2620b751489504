/**
 * The spec's generic record writes at each model's own base path (spec section 7, issue 34):
 * every model's create, update, delete (and enable, disable and addPhoto where the model takes
 * them) called as a client written from the spec would, each change then read back through the
 * public API; the same audit rows and purges as the admin API's writes.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setSiteSettings } from "../accounts/test-support";
import { auditLog } from "../db/schema";
import { storeImage } from "../media/store";
import { scene } from "../test/images";
import { models } from "./models";
import { specBases } from "./spec-routes";
import { type AdminHarness, adminHarness, sampleBodies } from "./test-support";

let h: AdminHarness;
let groupId: number;
let imageHash: string;
let photoKey: string;

beforeAll(async () => {
  h = await adminHarness();
  imageHash = (await storeImage(h.db, await scene(64, 48))).hash;
  photoKey = (await storeImage(h.db, await scene(80, 60, 5))).hash;
  const root = await h.call("/group/create", { name: "Catalogue", slug: "catalogue", model: "Product" });
  groupId = root.body.data.id;
}, 60_000);

afterAll(() => h.t.dispose());

type Json = Record<string, unknown>;
/** A POST at the spec's path, as the admin unless told otherwise. */
const spec = async (path: string, body: unknown, token: string | null = h.adminToken) =>
  h.client.post(path, body, token ?? undefined);
/** A public GET (no token unless given): the answer's body when it is a 200, else undefined. */
const read = async (path: string, token?: string) => {
  const res = await h.client.get(path, token);
  return res.status === 200 ? (res.body as Json) : undefined;
};
const inList = (answer: Json | undefined, match: (row: Json) => boolean) =>
  (answer?.data as Json[] | undefined)?.find(match);
const flatten = (groups: Json[]): Json[] => groups.flatMap((g) => [g, ...flatten((g.children as Json[]) ?? [])]);

/**
 * Each model's record as the public API shows it (undefined: not there), and the public field
 * its sample change (test-support's `sampleBodies`) sets, with the value it should then have.
 */
const publicViews: Record<string, { view: (record: Json) => Promise<Json | undefined>; changed: [string, unknown] }> = {
  page: { view: async (r) => (await read(`/api/v1/cognito/page/${r.url}`))?.data as Json, changed: ["title", "New"] },
  group: {
    view: async (r) =>
      flatten(((await read("/api/v1/cognito/group"))?.data as Json[]) ?? []).find((g) => g.id === r.id),
    changed: ["name", "Renamed"],
  },
  product: {
    view: async (r) => (await read(`/api/v1/catalogue/product/${r.id}`))?.data as Json,
    changed: ["price", 99],
  },
  slide: {
    view: async (r) => (await read(`/api/v1/cognito/slide/${r.id}`))?.data as Json,
    changed: ["heading", "New"],
  },
  photo: { view: async (r) => (await read(`/api/v1/cognito/photo/${r.id}`))?.data as Json, changed: ["name", "New"] },
  testimonial: {
    view: async (r) => inList(await read("/api/v1/cognito/testimonial"), (t) => t.id === r.id),
    changed: ["rating", 4],
  },
  person: {
    view: async (r) => inList(await read("/api/v1/cognito/person"), (p) => p.id === r.id),
    changed: ["title", "Maker"],
  },
  faq: {
    view: async (r) => inList(await read("/api/v1/cognito/faq"), (f) => f.id === r.id),
    changed: ["content", "<p>So</p>"],
  },
  gallery: {
    view: async (r) => (await read(`/api/v1/cognito/gallery/${r.id}`))?.data as Json,
    changed: ["heading", "New"],
  },
  link: {
    view: async (r) => inList(await read("/api/v1/cognito/link?parent=footer"), (l) => l.id === r.id),
    changed: ["name", "New"],
  },
  redirect: {
    view: async (r) => {
      const redirects = ((await read("/api/v1/cognito/domain/initialData"))?.data as Json).redirects as Json[];
      return redirects.find((x) => x.from === r.from_path);
    },
    changed: ["to", "/newer"],
  },
  form: { view: async (r) => (await read(`/api/v1/cognito/form?id=${r.id}`))?.form as Json, changed: ["name", "New"] },
  voucherTheme: {
    view: async (r) => inList(await read("/api/v1/cognito/giftVoucher/themes"), (t) => t.id === r.id),
    changed: ["name", "New"],
  },
  // A user's record is public to nobody: an admin reads it through the account API.
  user: {
    view: async (r) => (await read(`/api/v1/cognito/user/${r.id}`, h.adminToken))?.user as Json,
    changed: ["last_name", "New"],
  },
};

const auditActions = async (model: string, id: number) =>
  (
    await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(id)))
      .orderBy(asc(auditLog.id))
  )
    .filter((a) => a.model === model)
    .map((a) => a.action);

describe("the generic record writes at each model's base path", () => {
  for (const model of Object.keys(models).filter((m) => m !== "file")) {
    it(`${model}: create, update${models[model].enabled ? ", disable, enable" : ""} and delete at ${specBases(model).join(" and ")}`, async () => {
      const { create, change } = sampleBodies({ groupId, imageHash, n: 34 })[model];
      const { view, changed } = publicViews[model];
      const [base, alias] = specBases(model);
      h.changes.length = 0;

      const created = await spec(`${base}/create`, create);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const record = created.body.data as Json;
      const id = record.id as number;
      expect(await view(record), "created, then public").toBeDefined();

      // Through the model's other base where it has one (a product's is the catalogue's).
      const updated = await spec(`${alias ?? base}/update`, { id, ...change });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect((await view(updated.body.data))?.[changed[0]], "the change, public").toEqual(changed[1]);

      if (models[model].enabled) {
        expect((await spec(`${base}/disable`, { id })).body.data.enabled).toBe(false);
        expect(await view(record), "disabled: not public").toBeUndefined();
        expect((await spec(`${base}/enable`, { id })).body.data.enabled).toBe(true);
        expect(await view(record), "enabled again").toBeDefined();
      } else {
        expect((await spec(`${base}/disable`, { id })).status, "no enabled column").toBe(404);
      }

      const deleted = await spec(`${base}/delete`, { id });
      expect(deleted.body).toEqual({ data: { id } });
      expect(await view(updated.body.data), "deleted: gone").toBeUndefined();

      const writes = models[model].enabled
        ? ["create", "update", "disable", "enable", "delete"]
        : ["create", "update", "delete"];
      expect(await auditActions(model, id)).toEqual(writes);
      // A user shows on no cached answer: nothing to purge.
      expect(h.changes.length > 0, "the purge").toBe(model !== "user");
    });
  }

  it("file: renamed and deleted at its download path; not created there (files come from uploads)", async () => {
    const inserted = await h.db.execute(
      "insert into files (name, mime, size, etag, bytes) values ('a.pdf', 'application/pdf', 5, 'e', '\\x255044462d') returning id",
    );
    const id = Number((inserted as unknown as { rows: { id: number }[] }).rows[0].id);
    const [, download] = specBases("file");
    expect(download).toBe("/api/v1/cognito/default/file");
    expect((await spec(`${download}/create`, { name: "b.pdf" })).status).toBe(404);
    expect((await spec(`${download}/update`, { id, name: "y.pdf" })).status).toBe(200);
    const file = await h.client.get(`${download}/${id}`);
    expect(file.headers.get("content-disposition")).toContain("y.pdf");
    expect((await spec(`${download}/delete`, { id })).body).toEqual({ data: { id } });
    expect((await h.client.get(`${download}/${id}`)).status).toBe(404);
  });

  it("addPhoto with the spec's payload: a product's photo, a gallery's slide, a person's picture", async () => {
    const product = await spec("/api/v1/catalogue/product/create", {
      group_id: groupId,
      name: "Bench",
      slug: "bench-34",
      price_cents: 100,
    });
    const id = product.body.data.id;
    const payload = {
      id,
      model: "product",
      uuid: "0b6f3c1e-9a57-4f0b-8d6e-2f1a4c5b6d7e",
      name: "bench.jpg",
      key: photoKey,
    };
    const added = await spec("/api/v1/catalogue/product/addPhoto", payload);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const photos = (await publicViews.product.view({ id }))?.photos as Json[];
    expect(JSON.stringify(photos)).toContain(photoKey);

    const gallery = await spec("/api/v1/cognito/gallery/create", { name: "Work 34", url: "work-34" });
    await spec("/api/v1/cognito/gallery/addPhoto", { ...payload, id: gallery.body.data.id, model: "gallery" });
    expect(JSON.stringify((await publicViews.gallery.view(gallery.body.data))?.slides)).toContain(photoKey);

    const person = await spec("/api/v1/cognito/person/create", { first_name: "Sam" });
    await spec("/api/v1/cognito/person/addPhoto", { ...payload, id: person.body.data.id, model: "person" });
    expect(JSON.stringify((await publicViews.person.view(person.body.data))?.photo)).toContain(photoKey);

    // A model without photos, and a key that is no upload: refused, nothing written.
    expect((await spec("/api/v1/cognito/faq/addPhoto", { ...payload, id: 1 })).status).toBe(404);
    const unknown = await spec("/api/v1/catalogue/product/addPhoto", { ...payload, key: "0".repeat(32) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.key).toBeDefined();
    expect(await auditActions("product", id)).toEqual(["create", "addPhoto"]);
  });

  it("answers as the admin API does: 400 with errors by field, 409 on a taken value, 404 for no such record", async () => {
    const bad = await spec("/api/v1/catalogue/product/create", { group_id: groupId, name: "", slug: "Bad Slug" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["name", "price_cents", "slug"]);
    await spec("/api/v1/cognito/redirect/create", { from_path: "/taken-34", to_path: "/a" });
    const taken = await spec("/api/v1/cognito/redirect/create", { from_path: "/taken-34", to_path: "/b" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.from_path).toEqual(["is already taken"]);
    expect((await spec("/api/v1/cognito/faq/update", { id: 999_999, name: "x" })).status).toBe(404);
  });
});

describe("the gate at the spec's base paths", () => {
  it("answers 401 to a visitor and 403 to a member on every model's writes, writing nothing", async () => {
    const audit = async () => (await h.db.select().from(auditLog)).length;
    const before = await audit();
    const bodies = sampleBodies({ groupId, imageHash, n: 35 });
    for (const model of Object.keys(models)) {
      for (const base of specBases(model)) {
        for (const op of ["create", "update", "delete", "enable", "disable", "addPhoto"]) {
          const body = op === "create" ? bodies[model].create : { id: 1, ...bodies[model].change, key: photoKey };
          expect((await spec(`${base}/${op}`, body, null)).status, `visitor ${base}/${op}`).toBe(401);
          const member = await spec(`${base}/${op}`, body, h.memberToken);
          expect(member.status, `member ${base}/${op}`).toBe(403);
          expect(member.body).toEqual({ message: "Admins only", status: 403 });
        }
      }
    }
    for (const path of ["/api/v1/cognito/group/move", "/api/v1/cognito/gallery/order"]) {
      expect((await spec(path, {}, null)).status).toBe(401);
      expect((await spec(path, {}, h.memberToken)).status).toBe(403);
    }
    expect(await audit()).toBe(before);
    expect(h.changes.filter((c) => c.paths.length > 0 && c.paths.some((p) => p.includes("35")))).toEqual([]);
  });

  it("leaves the public reads at the base paths, and the calls beside them, as they were", async () => {
    expect((await h.client.post("/api/v1/cognito/gallery", {})).status).toBe(200);
    expect((await h.client.get("/api/v1/cognito/gallery/no-such-gallery")).status).toBe(404);
    expect((await h.client.get("/api/v1/catalogue/product")).status).toBe(200);
    // A member's own calls whose names begin like a write are theirs still.
    await setSiteSettings(h.db, { organisation_name: "Dovetail", time_zone: "UTC", profile_edit_name: true });
    const own = await h.client.post("/api/v1/cognito/user/updateProfile", { first_name: "Mona" }, h.memberToken);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.user.first_name).toBe("Mona");
  });
});
