/**
 * Seed references: pages name seeded media ("@image:", "@video:", "@gallery:", "@group:") and the
 * seed puts in their hashes and ids; an unknown reference stops the seed, names the reference and
 * leaves the database empty. On each driver (PostgreSQL skipped when TEST_DATABASE_URL is unset).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { domains, galleries, groups, images, videos } from "./db/schema";
import { seedIfEmpty } from "./seed";
import { findReferences, resolveReferences } from "./seeding/refs";
import { type ContentImage, contentSeedData, writeContentImages } from "./test/content-fixture";
import {
  closeAndSettle,
  cmsClient,
  createCmsApp,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "./test/databases";

describe("reference helpers", () => {
  it("find and replace only whole-string references, anywhere in nested JSON", async () => {
    const value = {
      a: ["@video:x", { b: "@group:Cognito/Faq/care" }],
      c: "see @image:x.jpg",
      d: 3,
      e: null,
      f: "@nope:x",
    };
    expect(findReferences(value).map((r) => r.ref)).toEqual(["@video:x", "@group:Cognito/Faq/care"]);
    const out = await resolveReferences(value, (kind, name) => `${kind}=${name}`, "test");
    expect(out).toEqual({
      a: ["video=x", { b: "group=Cognito/Faq/care" }],
      c: "see @image:x.jpg",
      d: 3,
      e: null,
      f: "@nope:x",
    });
    expect(value.a[0]).toBe("@video:x"); // the input is left as it was
    await expect(resolveReferences({ x: "@gallery:gone" }, () => undefined, "seeds/pages.json")).rejects.toThrow(
      'seeds/pages.json: unknown reference "@gallery:gone"',
    );
  });
});

/** Widget fields and block settings as a page builder stores them, full of references. */
const ROWS = [
  {
    row_type: "columns",
    blocks: [
      {
        id: "b1",
        widgets: [
          {
            id: "g",
            type: "core/gallery_group",
            fields: { group: "@group:Cognito/Gallery/work", gallery: "@gallery:decks", note: "@gallery: is text here" },
          },
          { id: "t", type: "core/testimonials", fields: { group: "@group:Cognito/Testimonial/reviews" } },
          {
            id: "h",
            type: "core/heading",
            fields: { text: "Hello" },
            wrapper: {
              imageHashes: { background_image: "@image:backgrounds/page-bg.jpg" },
              background_video_id: "@video:clip",
            },
          },
        ],
      },
    ],
  },
];
const BLOCK = {
  variables: { imageHashes: { image: "@image:vouchers/v-2.jpg" }, faq_group: "@group:Cognito/Faq/care" },
  background_video_id: "@video:clip",
  imageHashes: { background_image: "@image:backgrounds/page-bg.jpg" },
};

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`seed references — ${driver.title}`, () => {
    let t: TestDatabase;
    let tmp: string;
    let dir: string;
    let hashOf: Map<ContentImage, string>;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "seed_refs");
      tmp = await mkdtemp(path.join(os.tmpdir(), "cms-seed-refs-test-"));
      dir = path.join(tmp, "seeds");
      hashOf = await writeContentImages(dir);
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    it.each([
      ["rows", "@gallery:nope"],
      ["rows", "@video:nope"],
      ["rows", "@group:Cognito/Gallery/nope"],
      ["rows", "@group:Cognito/Faq/work"],
      ["rows", "@group:care"],
      ["block", "@image:missing.jpg"],
      ["block", "@image:../../package.json"],
      ["settings", "@gallery:also-missing"],
    ])(
      "an unknown reference in the page's %s (%s) fails the seed naming it, and nothing is seeded",
      async (where, ref) => {
        const bad =
          where === "rows"
            ? {
                rows: [
                  { row_type: "columns", blocks: [{ id: "x", widgets: [{ id: "w", fields: { list: ["ok", ref] } }] }] },
                ],
              }
            : where === "block"
              ? { block: { variables: { imageHashes: { image: ref } } } }
              : { block: { background_video_id: ref } };
        await expect(seedIfEmpty(t.database.db, contentSeedData(dir, bad))).rejects.toThrow(
          `unknown reference "${ref}"`,
        );
        expect(await t.database.db.select().from(domains)).toEqual([]);
        expect(await t.database.db.select({ id: videos.id }).from(videos)).toEqual([]);
      },
    );

    it("replaces every reference in rows, block variables and block settings with the seeded hash or id", async () => {
      const db = t.database.db;
      expect(await seedIfEmpty(db, contentSeedData(dir, { rows: ROWS, block: BLOCK }))).toBe(true);
      const groupId = async (model: string, slug: string) =>
        (await db.select().from(groups)).find((g) => g.model === model && g.slug === slug)!.id;
      const [decks] = (await db.select().from(galleries)).filter((g) => g.url === "decks");
      const [video] = await db.select({ id: videos.id }).from(videos);

      const cms = cmsClient(createCmsApp(t.database, { imageCacheDir: path.join(tmp, "cache") }));
      const res = await cms.get("/api/v1/cognito/page/showcase?pb=1");
      expect(res.status).toBe(200);
      const [gal, test, heading] = res.body.data.rows[0].blocks[0].widgets;
      expect(gal.fields).toEqual({
        group: await groupId("Gallery", "work"),
        gallery: decks.id,
        note: "@gallery: is text here",
      });
      expect(test.fields.group).toBe(await groupId("Testimonial", "reviews"));
      expect(heading.wrapper).toEqual({
        imageHashes: { background_image: hashOf.get("backgrounds/page-bg.jpg") },
        background_video_id: video.id,
      });
      const [block] = res.body.data.pageContents;
      expect(block.variables).toEqual({
        imageHashes: { image: hashOf.get("vouchers/v-2.jpg") },
        faq_group: await groupId("Faq", "care"),
      });
      expect(block).toMatchObject({
        background_video_id: video.id,
        imageHashes: { background_image: hashOf.get("backgrounds/page-bg.jpg") },
      });
      expect(JSON.stringify(res.body.data)).not.toMatch(/"@(image|video|gallery|group):[^\s"]+"/);

      // An image only a page names is stored too, and served.
      const stored = (await db.select({ hash: images.hash }).from(images)).map((r) => r.hash);
      expect(stored).toContain(hashOf.get("backgrounds/page-bg.jpg"));
      const file = await cms.app.fetch(
        new Request(`http://cms.test/assets/i/${hashOf.get("backgrounds/page-bg.jpg")}/16x9/400.jpg`),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/jpeg");
    });
  });
}
