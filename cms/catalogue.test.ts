/**
 * The catalogue, slide and group endpoints with image records, through the CMS app
 * (`app.fetch`), on each driver: an in-memory PGlite and a fresh PostgreSQL database (skipped, and
 * reported as such, when TEST_DATABASE_URL is unset). The data is made here — a small SeedData
 * (a Catalogue/Product tree, products with photos, a Cognito/Slide group with slides) and images
 * drawn from SVG with sharp — so nothing depends on seeds/*.json or the seed images.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { groups, productPhotos, products, slides } from "./db/schema";
import { imageHash } from "./media/store";
import { type SeedData, seedIfEmpty } from "./seed";
import {
  closeAndSettle,
  type CmsClient,
  cmsClient,
  createCmsApp,
  drivers,
  type JsonResponse,
  openTestDatabase,
  type TestDatabase,
} from "./test/databases";

const API = "/api/v1/cognito";
const CAT = "/api/v1/catalogue";

/** Test images: file name → pixel size of the original. */
const IMAGES = {
  "oak-1.jpg": [1200, 900],
  "oak-2.jpg": [1000, 1000], // square: the 4x3 crop is 1000×750
  "teak-1.jpg": [800, 600],
  "teak-2.jpg": [400, 300], // narrower than 600: records are 400 wide
  "pine-1.jpg": [900, 675],
  "pine-2.jpg": [640, 480],
  "retired-1.jpg": [600, 450],
  "retired-2.jpg": [640, 480],
  "bistro-1.jpg": [1200, 900],
  "bistro-2.jpg": [800, 600],
  "deck-1.jpg": [1000, 750],
  "deck-2.jpg": [1200, 900],
  "chairs.jpg": [1200, 800],
  "hero-1.jpg": [1600, 900], // narrower than 1920: the 16x9 record is 1600×900
  "hero-2.jpg": [2000, 1200], // 16x9 crop 2000×1125; at 1920 → 1920×1080
  "promo.jpg": [800, 600],
} as const satisfies Record<string, readonly [number, number]>;
type ImageFile = keyof typeof IMAGES;

/** A small scene as a JPEG; `tint` makes each file's bytes (and so its hash) different. */
async function scene(width: number, height: number, tint: number) {
  const hue = (20 + tint * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="${width}" height="${height}" fill="hsl(${hue},55%,70%)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="#f4d35e"/>
    <rect x="${width * 0.15}" y="${height * 0.6}" width="${width * 0.5}" height="${height * 0.06}" fill="hsl(${(hue + 180) % 360},45%,35%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

interface ProductSeed {
  group: string;
  name: string;
  slug: string;
  description: string;
  /** The facts list's entries; absent = "" (not given). */
  dimensions?: string;
  timber?: string;
  finish?: string;
  price: number;
  photos: ImageFile[];
}

/** Products in seed order (the seed loader numbers sort_order per group in this order). */
const PRODUCTS: ProductSeed[] = [
  {
    group: "tables",
    name: "Oak Table",
    slug: "oak-table",
    description: "<p>Solid oak, seats eight.</p>",
    dimensions: "2400 × 1000 mm",
    timber: "Oak",
    finish: "Oiled",
    price: 2450.5,
    photos: ["oak-1.jpg", "oak-2.jpg"],
  },
  {
    group: "tables",
    name: "Teak Table",
    slug: "teak-table",
    description: "<p>Teak, oiled.</p>",
    price: 1999,
    photos: ["teak-1.jpg", "teak-2.jpg"],
  },
  {
    group: "tables",
    name: "Pine Table",
    slug: "pine-table",
    description: "Pine.",
    price: 0.99,
    photos: ["pine-1.jpg", "pine-2.jpg"],
  },
  {
    group: "tables",
    name: "Retired Table",
    slug: "retired-table",
    description: "Gone.",
    price: 10,
    photos: ["retired-1.jpg", "retired-2.jpg"],
  },
  {
    group: "chairs",
    name: "Bistro Chair",
    slug: "bistro-chair",
    description: "Folding.",
    price: 320.25,
    photos: ["bistro-1.jpg", "bistro-2.jpg"],
  },
  {
    group: "chairs",
    name: "Deck Chair",
    slug: "deck-chair",
    description: "Canvas.",
    price: 149,
    photos: ["deck-1.jpg", "deck-2.jpg"],
  },
];
const bySlug = (slug: string) => PRODUCTS.find((p) => p.slug === slug)!;
/** After seeding, pine-table is moved first (sort_order -1) and retired-table is disabled. */
const TABLES_IN_ORDER = ["pine-table", "oak-table", "teak-table"];
const CHAIRS_IN_ORDER = ["bistro-chair", "deck-chair"];

function slide(group: string, fields: Partial<SeedData["slides"][number]>): SeedData["slides"][number] {
  return {
    group,
    heading: "",
    sub_heading: "",
    sub_heading_1: "",
    content: "",
    footer: "",
    link: "",
    link_button_text: "",
    link_target: "",
    overlay_color: null,
    text_color: null,
    image_opacity: null,
    image_saturation: null,
    ...fields,
  };
}

const SLIDES: SeedData["slides"] = [
  slide("home-hero", {
    heading: "Made to last",
    sub_heading: "Outdoor furniture from local timber",
    link: "/catalogue",
    link_button_text: "Shop now",
    overlay_color: "#00000066",
    image: "hero-1.jpg",
  }),
  slide("promo", { heading: "Winter sale", image: "promo.jpg" }),
  slide("home-hero", {
    heading: "Built by hand",
    sub_heading: "In our workshop",
    link: "/about",
    link_button_text: "Our story",
    overlay_color: "#1a1a1a80",
    image: "hero-2.jpg",
  }),
];
const HERO = SLIDES.filter((s) => s.group === "home-hero");

function seedData(dir: string): SeedData {
  return {
    domain: { name: "catalogue.test", settings: { organisation_name: "Catalogue Test" } },
    pages: [],
    groups: [
      {
        name: "Catalogue",
        slug: "catalogue",
        children: [
          { name: "Tables", slug: "tables", content: "<p>Tables of every size.</p>" },
          { name: "Chairs", slug: "chairs", content: "<p>Chairs.</p>", image: "chairs.jpg" },
        ],
      },
      { namespace: "Cognito", model: "Slide", name: "Home hero", slug: "home-hero" },
      { namespace: "Cognito", model: "Slide", name: "Promo", slug: "promo" },
    ],
    links: [],
    redirects: [],
    products: PRODUCTS.map((p) => ({ dimensions: "", timber: "", finish: "", ...p, photos: [...p.photos] })),
    slides: SLIDES,
    dir,
  };
}

function expectJsonError(res: JsonResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.contentType).toContain("application/json");
  expect(res.body).toEqual({ message: expect.any(String), status });
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`catalogue, slides and group images — ${driver.title}`, () => {
    let t: TestDatabase;
    let cms: CmsClient;
    let tmp: string;
    /** Content hash of each test image, as the image store computes it. */
    const hashOf = new Map<ImageFile, string>();
    /** Group ids by slug. */
    const groupId = new Map<string, number>();
    /** Product ids by slug. */
    const productId = new Map<string, number>();

    /** Checks an image record: the file's hash, the aspect and offered width in the URLs, and the pixel size. */
    function expectImageRecord(
      record: any,
      file: ImageFile,
      aspect: string,
      offeredWidth: number,
      size: { width: number; height: number },
    ) {
      const hash = hashOf.get(file)!;
      const base = `/assets/i/${hash}/${aspect}/${offeredWidth}`;
      expect(record, file).toMatchObject({
        url: `${base}.jpg`,
        webp_url: `${base}.webp`,
        avif_url: `${base}.avif`,
        aspect,
        width: size.width,
        height: size.height,
      });
      expect(record.placeholder, file).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    }

    /** A 4x3 record of a product photo at an asked width: the offered width, never wider than the original's 4x3 crop. */
    function expect4x3(record: any, file: ImageFile, offeredWidth: number) {
      const [ow, oh] = IMAGES[file];
      const width = Math.min(offeredWidth, ow, Math.floor((oh * 4) / 3));
      expect((width * 3) % 4, `${file}: test sizes keep 4x3 heights whole`).toBe(0);
      expectImageRecord(record, file, "4x3", offeredWidth, { width, height: (width * 3) / 4 });
    }

    /** A product in the API's shape, with its two photos at 4x3. */
    function expectProduct(p: any, slug: string, offeredWidth: number) {
      const seed = bySlug(slug);
      const group = groupId.get(seed.group)!;
      expect(p).toMatchObject({
        id: productId.get(slug),
        name: seed.name,
        slug,
        url: `catalogue/${seed.group}/${slug}`,
        description: seed.description,
        dimensions: seed.dimensions ?? "",
        timber: seed.timber ?? "",
        finish: seed.finish ?? "",
        price: seed.price,
        group: { id: group, name: seed.group[0].toUpperCase() + seed.group.slice(1), slug: seed.group },
      });
      expect(typeof p.price).toBe("number");
      expect(Object.keys(p.group).sort()).toEqual(["id", "name", "slug"]);
      expect(new Date(p.updated_at).toISOString()).toBe(p.updated_at);
      expect(p.photos).toHaveLength(2);
      const photoIds = p.photos.map((ph: any) => ph.id);
      expect(photoIds.every((id: unknown) => Number.isInteger(id))).toBe(true);
      expect(new Set(photoIds).size).toBe(2);
      seed.photos.forEach((file, i) => {
        expect(Object.keys(p.photos[i]).sort()).toEqual(["id", "image"]);
        expect4x3(p.photos[i].image, file, offeredWidth);
      });
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "catalogue");
      tmp = await mkdtemp(path.join(os.tmpdir(), "cms-catalogue-test-"));
      await mkdir(path.join(tmp, "seeds", "images"), { recursive: true });
      await Promise.all(
        Object.entries(IMAGES).map(async ([file, [w, h]], i) => {
          const bytes = await scene(w, h, i);
          await writeFile(path.join(tmp, "seeds", "images", file), bytes);
          hashOf.set(file as ImageFile, imageHash(bytes));
        }),
      );
      expect(new Set(hashOf.values()).size).toBe(Object.keys(IMAGES).length);

      const db = t.database.db;
      expect(await seedIfEmpty(db, seedData(path.join(tmp, "seeds")))).toBe(true);
      for (const g of await db.select({ id: groups.id, slug: groups.slug }).from(groups)) groupId.set(g.slug, g.id);
      for (const p of await db.select({ id: products.id, slug: products.slug }).from(products))
        productId.set(p.slug, p.id);
      // Sort order, not id order, decides: pine-table (inserted third) comes first.
      await db.update(products).set({ sortOrder: -1 }).where(eq(products.slug, "pine-table"));
      await db.update(products).set({ enabled: false }).where(eq(products.slug, "retired-table"));

      cms = cmsClient(createCmsApp(t.database, { imageCacheDir: path.join(tmp, "cache") }));
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    it("the seeded tree is a nested set: catalogue(1,6) > tables(2,3), chairs(4,5); slide groups on their own roots", async () => {
      const rows = await t.database.db.select().from(groups);
      const row = (slug: string) => rows.find((g) => g.slug === slug)!;
      const root = groupId.get("catalogue")!;
      expect(row("catalogue")).toMatchObject({
        namespace: "Catalogue",
        model: "Product",
        root,
        lft: 1,
        rgt: 6,
        level: 0,
        url: "catalogue",
      });
      expect(row("tables")).toMatchObject({
        root,
        lft: 2,
        rgt: 3,
        level: 1,
        sortOrder: 0,
        url: "catalogue/tables",
        imageHash: null,
      });
      expect(row("chairs")).toMatchObject({
        root,
        lft: 4,
        rgt: 5,
        level: 1,
        sortOrder: 1,
        url: "catalogue/chairs",
        imageHash: hashOf.get("chairs.jpg"),
      });
      expect(row("home-hero")).toMatchObject({
        namespace: "Cognito",
        model: "Slide",
        root: row("home-hero").id,
        lft: 1,
        rgt: 2,
      });
      const photos = await t.database.db.select().from(productPhotos);
      expect(photos).toHaveLength(PRODUCTS.length * 2);
    });

    describe("GET /catalogue/product", () => {
      it("?group=tables: enabled products in sort order, with group, price and 4x3 photos at 600", async () => {
        const res = await cms.get(`${CAT}/product?group=tables&image_aspect=4x3&image_width=600`);
        expect(res.status).toBe(200);
        expect(res.contentType).toContain("application/json");
        expect(res.body).toMatchObject({ num_items: 3, num_pages: 1, page: 1 });
        expect(res.body.data.map((p: any) => p.slug)).toEqual(TABLES_IN_ORDER);
        for (const p of res.body.data) expectProduct(p, p.slug, 600);
        // Spot checks written out: the oak table's price and its square photo's 4x3 crop, the teak table's small photo.
        const oak = res.body.data.find((p: any) => p.slug === "oak-table");
        expect(oak.price).toBe(2450.5);
        expect(oak.url).toBe("catalogue/tables/oak-table");
        expect(oak.photos[1].image).toMatchObject({ width: 600, height: 450 });
        const teak = res.body.data.find((p: any) => p.slug === "teak-table");
        expect(teak.photos[1].image).toMatchObject({ width: 400, height: 300 });
        expect(teak.photos[1].image.url).toMatch(/\/4x3\/600\.jpg$/);
      });

      it("defaults: aspect 4x3 at width 600; other aspects and widths are honoured", async () => {
        const plain = await cms.get(`${CAT}/product?group=tables`);
        expect(plain.status).toBe(200);
        for (const p of plain.body.data) expectProduct(p, p.slug, 600);

        const square = await cms.get(`${CAT}/product?group=chairs&image_aspect=1x1&image_width=300`);
        expect(square.status).toBe(200);
        const bistro = square.body.data[0];
        expectImageRecord(bistro.photos[0].image, "bistro-1.jpg", "1x1", 300, { width: 300, height: 300 });
        // A width between offered ones is rounded up to the next offered width.
        const odd = await cms.get(`${CAT}/product?group=chairs&image_width=550`);
        expectImageRecord(odd.body.data[0].photos[0].image, "bistro-1.jpg", "4x3", 600, { width: 600, height: 450 });
      });

      it("without a group: every enabled product, category by category", async () => {
        const res = await cms.get(`${CAT}/product`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ num_items: 5, num_pages: 1, page: 1 });
        expect(res.body.data.map((p: any) => p.slug)).toEqual([...TABLES_IN_ORDER, ...CHAIRS_IN_ORDER]);
        const chair = res.body.data.find((p: any) => p.slug === "deck-chair");
        expectProduct(chair, "deck-chair", 600);
      });

      it("the group may be given by numeric id", async () => {
        const bySlugRes = await cms.get(`${CAT}/product?group=chairs`);
        const byId = await cms.get(`${CAT}/product?group=${groupId.get("chairs")}`);
        expect(byId.status).toBe(200);
        expect(byId.body).toEqual(bySlugRes.body);
        expect(byId.body.data.map((p: any) => p.slug)).toEqual(CHAIRS_IN_ORDER);
      });

      it("an unknown group (or one that is not a catalogue group) is a JSON 404", async () => {
        expectJsonError(await cms.get(`${CAT}/product?group=sofas`), 404);
        expectJsonError(await cms.get(`${CAT}/product?group=999999`), 404);
        // A slide group is not a catalogue category, by slug or by id.
        expectJsonError(await cms.get(`${CAT}/product?group=home-hero`), 404);
        expectJsonError(await cms.get(`${CAT}/product?group=${groupId.get("home-hero")}`), 404);
      });

      it("page_size and page page through the list", async () => {
        const pages = await Promise.all(
          [1, 2, 3].map((n) => cms.get(`${CAT}/product?group=tables&page_size=2&page=${n}`)),
        );
        for (const [i, r] of pages.entries()) {
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ num_items: 3, num_pages: 2, page: i + 1 });
        }
        expect(pages[0].body.data.map((p: any) => p.slug)).toEqual(TABLES_IN_ORDER.slice(0, 2));
        expect(pages[1].body.data.map((p: any) => p.slug)).toEqual(TABLES_IN_ORDER.slice(2));
        expect(pages[2].body.data).toEqual([]);
        for (const p of pages[1].body.data) expectProduct(p, p.slug, 600);

        const all = await cms.get(`${CAT}/product?page_size=1&page=5`);
        expect(all.body).toMatchObject({ num_items: 5, num_pages: 5, page: 5 });
        expect(all.body.data.map((p: any) => p.slug)).toEqual(["deck-chair"]);
      });

      it("a bad page_size, page, image_width or group is a JSON 400", async () => {
        for (const q of [
          "page_size=0",
          "page_size=-1",
          "page_size=abc",
          "page_size=1.5",
          "page_size=901",
          "page=0",
          "page=x",
          "image_width=0",
          "image_width=4001",
          "image_width=wide",
          "group=%00",
          `group=${"x".repeat(101)}`,
        ]) {
          const res = await cms.get(`${CAT}/product?${q}`);
          expect(res.status, q).toBe(400);
          expect(res.body, q).toEqual({ message: expect.any(String), status: 400 });
        }
      });
    });

    describe("GET /catalogue/product/<id> and /catalogue/product/<group>/<slug>", () => {
      it("by id: one product with its photos at 4x3 1200 by default", async () => {
        const res = await cms.get(`${CAT}/product/${productId.get("oak-table")}`);
        expect(res.status).toBe(200);
        expect(res.contentType).toContain("application/json");
        expectProduct(res.body.data, "oak-table", 1200);
        expect(res.body.data.photos[0].image).toMatchObject({ width: 1200, height: 900 });
        // The square original's 4x3 crop is only 1000 wide.
        expect(res.body.data.photos[1].image).toMatchObject({ width: 1000, height: 750 });
        expect(res.body.data.photos[1].image.url).toMatch(/\/4x3\/1200\.jpg$/);
      });

      it("by group and slug: the same product; image_aspect and image_width are honoured", async () => {
        const res = await cms.get(`${CAT}/product/tables/oak-table`);
        expect(res.status).toBe(200);
        const byId = await cms.get(`${CAT}/product/${productId.get("oak-table")}`);
        expect(res.body).toEqual(byId.body);

        const chair = await cms.get(`${CAT}/product/chairs/deck-chair?image_aspect=4x3&image_width=600`);
        expect(chair.status).toBe(200);
        expectProduct(chair.body.data, "deck-chair", 600);
        const wide = await cms.get(`${CAT}/product/chairs/deck-chair?image_aspect=16x9&image_width=800`);
        expectImageRecord(wide.body.data.photos[0].image, "deck-1.jpg", "16x9", 800, { width: 800, height: 450 });
      });

      it("an unknown id, group or slug is a JSON 404", async () => {
        expectJsonError(await cms.get(`${CAT}/product/999999`), 404);
        expectJsonError(await cms.get(`${CAT}/product/0`), 404);
        expectJsonError(await cms.get(`${CAT}/product/tables/no-such-table`), 404);
        expectJsonError(await cms.get(`${CAT}/product/sofas/oak-table`), 404);
        // A product exists only under its own category.
        expectJsonError(await cms.get(`${CAT}/product/chairs/oak-table`), 404);
        // The root is not a category of products, nor is a slide group.
        expectJsonError(await cms.get(`${CAT}/product/catalogue/oak-table`), 404);
        expectJsonError(await cms.get(`${CAT}/product/home-hero/oak-table`), 404);
        expectJsonError(await cms.get(`${CAT}/product/tables`), 404);
        expectJsonError(await cms.get(`${CAT}/product/tables/oak-table/extra`), 404);
      });

      it("a malformed group or slug is a 404, never a 500", async () => {
        for (const p of [
          "tables/oak.table",
          "tables/oak-table.json",
          "tables/..",
          "tables/oak%00",
          "tab%00les/oak-table",
          "tables/oak%20table",
          "tables/%E2%80%AEoak",
          "tables/%FF",
          `tables/${"a".repeat(101)}`,
          "tables/oak-table%2F..",
        ]) {
          const res = await cms.get(`${CAT}/product/${p}`);
          expect(res.status, p).toBe(404);
          expect(res.body, p).toEqual({ message: expect.any(String), status: 404 });
        }
      });

      it("an id too large for the column is not a 500", async () => {
        const res = await cms.get(`${CAT}/product/99999999999999999999`);
        expect(res.status).toBeLessThan(500);
        expect([400, 404]).toContain(res.status);
      });

      it("a disabled product is absent from lists and the sitemap and 404 by id and by slug", async () => {
        const db = t.database.db;
        const id = productId.get("retired-table")!;
        const [row] = await db.select().from(products).where(eq(products.id, id));
        expect(row.enabled).toBe(false);

        expectJsonError(await cms.get(`${CAT}/product/${id}`), 404);
        expectJsonError(await cms.get(`${CAT}/product/tables/retired-table`), 404);
        const list = await cms.get(`${CAT}/product?page_size=900`);
        expect(list.body.data.some((p: any) => p.id === id)).toBe(false);
        const initial = await cms.get(`${API}/domain/initialData`);
        expect(initial.body.data.sitemap.some((e: any) => e.url.includes("retired-table"))).toBe(false);

        // Enabled again it is served: the flag alone hid it.
        await db.update(products).set({ enabled: true }).where(eq(products.id, id));
        try {
          const res = await cms.get(`${CAT}/product/${id}`);
          expect(res.status).toBe(200);
          expectProduct(res.body.data, "retired-table", 1200);
          expect((await cms.get(`${CAT}/product/tables/retired-table`)).status).toBe(200);
          expect((await cms.get(`${CAT}/product?group=tables`)).body.num_items).toBe(4);
        } finally {
          await db.update(products).set({ enabled: false }).where(eq(products.id, id));
        }
        expectJsonError(await cms.get(`${CAT}/product/${id}`), 404);
      });
    });

    describe("GET /cognito/slide", () => {
      it("?group=home-hero at 16x9 1920: the group's slides in order with their fields and image records", async () => {
        const res = await cms.get(`${API}/slide?group=home-hero&image_aspect=16x9&image_width=1920`);
        expect(res.status).toBe(200);
        expect(res.contentType).toContain("application/json");
        const data = res.body.data;
        expect(data.map((s: any) => s.heading)).toEqual(HERO.map((s) => s.heading));
        for (const [i, s] of data.entries()) {
          const seed = HERO[i];
          expect(s).toMatchObject({
            id: expect.any(Number),
            group: groupId.get("home-hero"),
            heading: seed.heading,
            sub_heading: seed.sub_heading,
            link: seed.link,
            link_button_text: seed.link_button_text,
            overlay_color: seed.overlay_color,
          });
        }
        expectImageRecord(data[0].image, "hero-1.jpg", "16x9", 1920, { width: 1600, height: 900 });
        expectImageRecord(data[1].image, "hero-2.jpg", "16x9", 1920, { width: 1920, height: 1080 });
      });

      it("16x9 at 1920 is the default; the group may be given by numeric id", async () => {
        const bySlugRes = await cms.get(`${API}/slide?group=home-hero&image_aspect=16x9&image_width=1920`);
        const byId = await cms.get(`${API}/slide?group=${groupId.get("home-hero")}`);
        expect(byId.status).toBe(200);
        expect(byId.body).toEqual(bySlugRes.body);
        // Another slide group holds its own slides only.
        const promo = await cms.get(`${API}/slide?group=promo&image_width=800`);
        expect(promo.body.data.map((s: any) => s.heading)).toEqual(["Winter sale"]);
        expectImageRecord(promo.body.data[0].image, "promo.jpg", "16x9", 800, { width: 800, height: 450 });
      });

      it("page_size limits the slides", async () => {
        const res = await cms.get(`${API}/slide?group=home-hero&page_size=1`);
        expect(res.status).toBe(200);
        expect(res.body.data.map((s: any) => s.heading)).toEqual([HERO[0].heading]);
        expect((await cms.get(`${API}/slide?group=home-hero&page_size=0`)).status).toBe(400);
        expect((await cms.get(`${API}/slide?group=home-hero&page_size=101`)).status).toBe(400);
      });

      it("an unknown group, or a catalogue group, is a JSON 404", async () => {
        expectJsonError(await cms.get(`${API}/slide?group=no-such-slides`), 404);
        expectJsonError(await cms.get(`${API}/slide?group=999999`), 404);
        expectJsonError(await cms.get(`${API}/slide?group=tables`), 404);
        expectJsonError(await cms.get(`${API}/slide?group=${groupId.get("tables")}`), 404);
      });
    });

    describe("GET /cognito/group/Catalogue/Product", () => {
      it("each category carries its image record (null when it has none) at the asked aspect", async () => {
        const res = await cms.get(`${API}/group/Catalogue/Product?image_aspect=1x1&image_width=300`);
        expect(res.status).toBe(200);
        const data = res.body.data;
        expect(data.map((g: any) => g.slug)).toEqual(["tables", "chairs"]);
        expect(data[0]).toMatchObject({ id: groupId.get("tables"), url: "catalogue/tables", image: null });
        expect(data[1]).toMatchObject({ id: groupId.get("chairs"), url: "catalogue/chairs" });
        expectImageRecord(data[1].image, "chairs.jpg", "1x1", 300, { width: 300, height: 300 });

        const plain = await cms.get(`${API}/group/Catalogue/Product`);
        expectImageRecord(plain.body.data[1].image, "chairs.jpg", "4x3", 600, { width: 600, height: 450 });
        const wide = await cms.get(`${API}/group/Catalogue/Product?image_aspect=16x9&image_width=1920`);
        // 1200×800: the 16x9 crop is 1200×675.
        expectImageRecord(wide.body.data[1].image, "chairs.jpg", "16x9", 1920, { width: 1200, height: 675 });
      });
    });

    describe("GET /cognito/domain/initialData", () => {
      it("the sitemap lists the categories (80, group) and the enabled products (70, product)", async () => {
        const res = await cms.get(`${API}/domain/initialData`);
        expect(res.status).toBe(200);
        const sitemap: any[] = res.body.data.sitemap;
        const byUrl = new Map(sitemap.map((e) => [e.url, e]));
        expect(byUrl.size).toBe(sitemap.length);
        for (const c of ["tables", "chairs"]) {
          expect(byUrl.get(`/catalogue/${c}`), c).toMatchObject({
            priority: 80,
            model: "group",
            seo_title: c[0].toUpperCase() + c.slice(1),
          });
        }
        const productUrls = sitemap.filter((e) => e.model === "product").map((e) => e.url);
        expect(productUrls).toEqual([
          ...TABLES_IN_ORDER.map((s) => `/catalogue/tables/${s}`),
          ...CHAIRS_IN_ORDER.map((s) => `/catalogue/chairs/${s}`),
        ]);
        for (const url of productUrls) {
          const e = byUrl.get(url);
          expect(e, url).toMatchObject({
            priority: 70,
            model: "product",
            seo_title: bySlug(url.split("/").pop()!).name,
          });
          expect(new Date(e.lastmod).toISOString()).toBe(e.lastmod);
        }
        expect(byUrl.get("/catalogue/tables/oak-table").seo_meta_description).toBe("Solid oak, seats eight.");
        // No pages were seeded; the root and the slide groups are not sitemap entries.
        expect(sitemap).toHaveLength(2 + 5);
        expect(byUrl.has("/catalogue")).toBe(false);
        expect(sitemap.some((e) => e.url.includes("home-hero"))).toBe(false);
      });
    });

    describe("image URLs in records serve", () => {
      it("a product photo's jpg, webp and avif URLs answer images of the record's size", async () => {
        const res = await cms.get(`${CAT}/product/tables/teak-table?image_width=600`);
        expect(res.status).toBe(200);
        for (const image of res.body.data.photos.map((ph: any) => ph.image)) {
          for (const [key, type, format] of [
            ["url", "image/jpeg", "jpeg"],
            ["webp_url", "image/webp", "webp"],
            ["avif_url", "image/avif", "heif"],
          ] as const) {
            const r = await cms.app.fetch(new Request(`http://cms.test${image[key]}`));
            expect(r.status, image[key]).toBe(200);
            expect(r.headers.get("content-type"), image[key]).toBe(type);
            const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
            expect(meta.format, image[key]).toBe(format);
            expect({ width: meta.width, height: meta.height }, image[key]).toEqual({
              width: image.width,
              height: image.height,
            });
          }
        }
      });

      it("a slide's and a category's image URLs serve too", async () => {
        const slidesRes = await cms.get(`${API}/slide?group=home-hero&page_size=1&image_width=600`);
        const groupsRes = await cms.get(`${API}/group/Catalogue/Product`);
        for (const image of [slidesRes.body.data[0].image, groupsRes.body.data[1].image]) {
          const r = await cms.app.fetch(new Request(`http://cms.test${image.url}`));
          expect(r.status, image.url).toBe(200);
          expect(r.headers.get("content-type")).toBe("image/jpeg");
          const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
          expect({ width: meta.width, height: meta.height }).toEqual({ width: image.width, height: image.height });
        }
        // The originals are the test's own files.
        const original = await readFile(path.join(tmp, "seeds", "images", "hero-1.jpg"));
        expect(slidesRes.body.data[0].image.url).toContain(imageHash(original));
        const [slideRow] = await t.database.db.select().from(slides).where(eq(slides.heading, HERO[0].heading));
        expect(slideRow.imageHash).toBe(hashOf.get("hero-1.jpg"));
      });
    });
  });
}
