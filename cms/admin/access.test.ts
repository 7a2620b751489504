/** The admin API's gate: a visitor gets 401 and a member 403 on every call, and nothing changes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog } from "../db/schema";
import { storeImage } from "../media/store";
import { scene } from "../test/images";
import { models } from "./models";
import { type AdminHarness, adminHarness, sampleBodies } from "./test-support";

let h: AdminHarness;
let ids: Record<string, number>;
let bodies: ReturnType<typeof sampleBodies>;

/** Every row of every model's table and the audit log, as text. */
async function snapshot() {
  const tables = [...Object.values(models).map((m) => m.table), auditLog];
  const dumps = await Promise.all(tables.map((table) => h.db.select().from(table)));
  return JSON.stringify(dumps);
}

beforeAll(async () => {
  h = await adminHarness();
  const image = await storeImage(h.db, await scene(64, 48));
  const root = await h.call("/group/create", { name: "Catalogue", slug: "catalogue", model: "Product" });
  expect(root.status).toBe(200);
  bodies = sampleBodies({ groupId: root.body.data.id, imageHash: image.hash, n: 1 });
  ids = {};
  for (const [model, { create }] of Object.entries(bodies)) {
    if (model === "file") continue;
    const res = await h.call(`/${model}/create`, create);
    expect(res.status, `${model}: ${JSON.stringify(res.body)}`).toBe(200);
    ids[model] = res.body.data.id;
  }
  const file = await h.db.execute(
    "insert into files (name, mime, size, etag, bytes) values ('a.pdf', 'application/pdf', 5, 'e', '\\x255044462d') returning id",
  );
  ids.file = Number((file as unknown as { rows: { id: number }[] }).rows[0].id);
}, 60_000);

afterAll(() => h.t.dispose());

const actions = ["list", "fetch", "create", "update", "delete", "enable", "disable", "addPhoto"] as const;

function callOf(model: string, action: (typeof actions)[number]): [string, unknown] {
  const id = ids[model];
  switch (action) {
    case "list":
      return [`/${model}`, {}];
    case "fetch":
      return [`/${model}/${id}`, {}];
    case "create":
      return [`/${model}/create`, bodies[model].create];
    case "update":
      return [`/${model}/update`, { id, ...bodies[model].change }];
    case "addPhoto":
      return [`/${model}/addPhoto`, { id, model, uuid: "u", name: "n", key: "k" }];
    default:
      return [`/${model}/${action}`, { id }];
  }
}

describe("the admin API's gate", () => {
  it("answers 401 to a visitor and 403 to a member on every model's every call, changing nothing", async () => {
    const before = await snapshot();
    for (const model of Object.keys(models)) {
      for (const action of actions) {
        const [path, body] = callOf(model, action);
        const visitor = await h.call(path, body, null);
        expect(visitor.status, `visitor ${path}`).toBe(401);
        const member = await h.call(path, body, "member");
        expect(member.status, `member ${path}`).toBe(403);
        expect(member.body).toEqual({ message: "Admins only", status: 403 });
        const forged = await h.call(path, body, `${h.adminToken.slice(0, -4)}AAAA`);
        expect(forged.status, `forged ${path}`).toBe(401);
      }
    }
    const others = [
      "/audit",
      "/domain",
      "/domain/update",
      "/dashboard",
      "/upload",
      "/group/move",
      "/gallery/order",
      `/form/${ids.form}/submissions`,
      `/form/${ids.form}/submissions.csv`,
      ...["saveDraft", "discardDraft", "publish", "revisions", "revision", "restore", "preview"].map(
        (a) => `/page/${a}`,
      ),
    ];
    for (const path of others) {
      expect((await h.call(path, { settings: { organisation_name: "X" } }, "member")).status).toBe(403);
      expect((await h.call(path, {}, null)).status).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it("refuses a member before reading the body: a broken body is still a 403", async () => {
    const res = await h.client.call("POST", "/api/v1/cognito/admin/product/create", {
      json: "{not json",
      token: h.memberToken,
    });
    expect(res.status).toBe(403);
  });

  it("lets an admin in", async () => {
    const res = await h.call("/product", {});
    expect(res.status).toBe(200);
    expect(res.body.num_items).toBe(1);
  });
});
