/**
 * The content API (testimonials, people, FAQs, galleries, slides, videos) and its GraphQL
 * queries, through the CMS app, on each driver (PostgreSQL is skipped, and reported as such,
 * when TEST_DATABASE_URL is unset). The data comes from cms/test/content-fixture.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { galleries, groups, slides, videos } from "./db/schema";
import { type Aspect, snapWidth, variantSize } from "./media/aspects";
import { seedIfEmpty } from "./seed";
import {
  CONTENT_IMAGES,
  type ContentImage,
  contentSeedData,
  REVIEWS,
  writeContentImages,
} from "./test/content-fixture";
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

function expectJsonError(res: JsonResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ message: expect.any(String), status });
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`content API — ${driver.title}`, () => {
    let t: TestDatabase;
    let cms: CmsClient;
    let tmp: string;
    let hashOf: Map<ContentImage, string>;
    const group = new Map<string, number>();
    const gallery = new Map<string, number>();
    let videoId: number;
    let slideIds: number[];

    /** An image record of `file` at an aspect and asked width, with the size the variant really has. */
    function expectRecord(record: any, file: ContentImage, aspect: Aspect, width: number) {
      const offered = snapWidth(width);
      const [ow, oh] = CONTENT_IMAGES[file];
      const base = `/assets/i/${hashOf.get(file)}/${aspect}/${offered}`;
      expect(record, file).toMatchObject({
        url: `${base}.jpg`,
        webp_url: `${base}.webp`,
        avif_url: `${base}.avif`,
        aspect,
        ...variantSize(ow, oh, aspect, offered),
      });
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "content");
      tmp = await mkdtemp(path.join(os.tmpdir(), "cms-content-test-"));
      hashOf = await writeContentImages(path.join(tmp, "seeds"));
      const db = t.database.db;
      expect(await seedIfEmpty(db, contentSeedData(path.join(tmp, "seeds")))).toBe(true);
      for (const g of await db.select().from(groups)) group.set(g.slug, g.id);
      for (const g of await db.select().from(galleries)) gallery.set(g.url, g.id);
      [{ id: videoId }] = await db.select({ id: videos.id }).from(videos);
      slideIds = (await db.select({ id: slides.id }).from(slides)).map((s) => s.id).sort((a, b) => a - b);
      cms = cmsClient(createCmsApp(t.database, { imageCacheDir: path.join(tmp, "cache") }));
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    describe("testimonials", () => {
      it("lists 20 a page by default, in group and sort order, with 1x1 images at 100 and ratings", async () => {
        const res = await cms.get(`${API}/testimonial`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ num_items: 25, num_pages: 2, page: 1 });
        expect(res.body.data).toHaveLength(20);
        const [first, second, third, fourth] = res.body.data;
        expect(Object.keys(first).sort()).toEqual(["content", "group", "id", "image", "name", "rating", "title"]);
        expect(first).toMatchObject({
          name: "Reviewer 1",
          title: "Town 1",
          content: "<p>Review 1.</p>",
          rating: 5,
          group: group.get("reviews"),
        });
        expectRecord(first.image, "people/t-1.jpg", "1x1", 100);
        expectRecord(second.image, "people/t-2.jpg", "1x1", 100);
        expect([second.rating, third.rating, fourth.rating]).toEqual([4, null, 5]);
        expect(fourth.image).toBeNull();
        const rest = await cms.get(`${API}/testimonial?page=2`);
        expect(rest.body.data.map((x: any) => x.name)).toEqual([
          "Reviewer 21",
          "Reviewer 22",
          "Trade One",
          "Trade Two",
          "No Group",
        ]);
        expect(rest.body.data.at(-1).group).toBeNull();
      });

      it("filters by group id or slug, and takes the image and page parameters", async () => {
        const bySlug = await cms.get(`${API}/testimonial?group=trade`);
        const byId = await cms.get(`${API}/testimonial?group=${group.get("trade")}`);
        expect(bySlug.body.data.map((x: any) => x.name)).toEqual(["Trade One", "Trade Two"]);
        expect(byId.body).toEqual(bySlug.body);
        expect(bySlug.body).toMatchObject({ num_items: 2, num_pages: 1 });
        const sized = await cms.get(`${API}/testimonial?group=reviews&page_size=3&image_aspect=4x3&image_width=250`);
        expect(sized.body).toMatchObject({ num_items: REVIEWS.length, num_pages: 8 });
        expectRecord(sized.body.data[2].image, "people/t-3.jpg", "4x3", 250);
      });

      it("answers POST with the parameters in a JSON body", async () => {
        const res = await cms.post(`${API}/testimonial`, { group: group.get("trade"), page_size: 1 });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ num_items: 2, num_pages: 2, data: [{ name: "Trade One" }] });
        expectJsonError(await cms.post(`${API}/testimonial`, "[1,2]"), 400);
        expectJsonError(await cms.post(`${API}/testimonial`, "{oops"), 400);
      });

      it("an unknown group, or a group of another model, is a 404; bad parameters are 400", async () => {
        expectJsonError(await cms.get(`${API}/testimonial?group=nope`), 404);
        expectJsonError(await cms.get(`${API}/testimonial?group=care`), 404);
        expectJsonError(await cms.get(`${API}/testimonial?group=${group.get("team")}`), 404);
        expectJsonError(await cms.get(`${API}/testimonial?group=99999999999`), 404);
        for (const q of [
          "page_size=0",
          "page_size=101",
          "page_size=abc",
          "page=0",
          "image_width=0",
          "image_width=5000",
          "group=%00x",
        ]) {
          expectJsonError(await cms.get(`${API}/testimonial?${q}`), 400);
        }
      });
    });

    describe("people and FAQs", () => {
      it("people: 4x3 photos at 900 by default, names split, group by slug", async () => {
        const res = await cms.get(`${API}/person?group=team`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ num_items: 3, num_pages: 1 });
        const [ada, bob, cy] = res.body.data;
        expect(Object.keys(ada).sort()).toEqual([
          "description",
          "first_name",
          "group",
          "id",
          "last_name",
          "photo",
          "title",
        ]);
        expect(ada).toMatchObject({
          first_name: "Ada",
          last_name: "Lovelace",
          title: "Founder",
          description: "<p>Ada.</p>",
          group: group.get("team"),
        });
        expectRecord(ada.photo, "people/p-1.jpg", "4x3", 900);
        expectRecord(bob.photo, "people/p-2.jpg", "4x3", 900); // an 800 px square: its 4x3 crop is 800×600
        expect(cy.photo).toBeNull();
        expect((await cms.get(`${API}/person`)).body.num_items).toBe(4);
        expectJsonError(await cms.get(`${API}/person?group=reviews`), 404);
        expectJsonError(await cms.get(`${API}/person?page_size=101`), 400);
      });

      it("FAQs: the questions of a group in order, by slug or id", async () => {
        const res = await cms.get(`${API}/faq?group=care`);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([
          {
            id: expect.any(Number),
            name: "How do I oil it?",
            content: "<p>Once a year.</p>",
            group: group.get("care"),
          },
          {
            id: expect.any(Number),
            name: "Will it go grey?",
            content: "<p>Yes, silver grey.</p>",
            group: group.get("care"),
          },
        ]);
        expect((await cms.get(`${API}/faq?group=${group.get("delivery")}`)).body.data.map((f: any) => f.name)).toEqual([
          "Do you deliver?",
        ]);
        expect((await cms.get(`${API}/faq`)).body.num_items).toBe(3);
        expectJsonError(await cms.get(`${API}/faq?group=work`), 404);
      });
    });

    describe("galleries", () => {
      it("lists a group's galleries with the first slide's image (4x3 at 300) and the slide count", async () => {
        for (const res of [
          await cms.get(`${API}/gallery?group=work`),
          await cms.post(`${API}/gallery`, { group: "work" }),
        ]) {
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ num_items: 2, num_pages: 1 });
          const [decks, benches] = res.body.data;
          expect(decks).toMatchObject({
            id: gallery.get("decks"),
            name: "Decks",
            url: "decks",
            heading: "Decks",
            sub_heading: "On decks",
            group: group.get("work"),
            slide_count: 3,
          });
          expectRecord(decks.image, "galleries/g-1a.jpg", "4x3", 300);
          expect(benches).toMatchObject({ url: "benches", slide_count: 1 });
          expectRecord(benches.image, "galleries/g-2a.jpg", "4x3", 300);
        }
        const other = await cms.get(`${API}/gallery?group=other&image_aspect=1x1`);
        expect(other.body.data).toEqual([expect.objectContaining({ url: "empty-one", image: null, slide_count: 0 })]);
        expect((await cms.get(`${API}/gallery`)).body.num_items).toBe(3);
        expectJsonError(await cms.get(`${API}/gallery?group=nope`), 404);
      });

      it("one gallery by id or url: its slides at 4x3, 400 by default, in order", async () => {
        const byUrl = await cms.get(`${API}/gallery/decks`);
        const byId = await cms.get(`${API}/gallery/${gallery.get("decks")}`);
        expect(byUrl.status).toBe(200);
        expect(byId.body).toEqual(byUrl.body);
        const g = byUrl.body.data;
        expect(g).toMatchObject({ id: gallery.get("decks"), url: "decks", name: "Decks", group: group.get("work") });
        expect(g.slides.map((s: any) => s.heading)).toEqual(["A", "B", "No picture"]);
        expect(Object.keys(g.slides[0]).sort()).toEqual([
          "content",
          "heading",
          "id",
          "image",
          "link",
          "link_button_text",
          "sub_heading",
        ]);
        expect(g.slides[0]).toMatchObject({
          link: "/a",
          sub_heading: "a",
          content: "<p>a</p>",
          link_button_text: "See A",
        });
        expectRecord(g.slides[0].image, "galleries/g-1a.jpg", "4x3", 400);
        expect(g.slides[0].image.extra_aspects).toEqual([]);
        expect(g.slides[2].image).toBeNull();
        const limited = await cms.get(`${API}/gallery/decks?limit=1`);
        expect(limited.body.data.slides).toHaveLength(1);
      });

      it("extra aspects carry their own width and height, and the 16x5 variant is served at that size", async () => {
        const res = await cms.get(`${API}/gallery/decks?image_width=1600&extra_aspects=orig,16x5,bogus`);
        const post = await cms.post(`${API}/gallery/decks`, {
          image_width: 1600,
          extra_aspects: ["orig", "16x5", "bogus"],
        });
        expect(post.body).toEqual(res.body);
        const [a, b] = res.body.data.slides.map((s: any) => s.image);
        expect(a.extra_aspects.map((e: any) => [e.aspect, e.width, e.height])).toEqual([
          ["orig", 1600, 1200],
          ["16x5", 1600, 500],
        ]);
        // g-1b is 1000×750: never enlarged.
        expect(b.extra_aspects.map((e: any) => [e.aspect, e.width, e.height])).toEqual([
          ["orig", 1000, 750],
          ["16x5", 1000, 313],
        ]);
        const wide = b.extra_aspects[1];
        expect(wide.url).toBe(`/assets/i/${hashOf.get("galleries/g-1b.jpg")}/16x5/1600.jpg`);
        const file = await cms.app.fetch(new Request(`http://cms.test${wide.webp_url}`));
        expect(file.status).toBe(200);
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", wide.width, wide.height]);
      });

      it("an unknown gallery is a 404; bad parameters are 400", async () => {
        for (const key of ["nope", "99999", "99999999999", "bad%20key", "a.b"])
          expectJsonError(await cms.get(`${API}/gallery/${key}`), 404);
        expectJsonError(await cms.post(`${API}/gallery/nope`, {}), 404);
        for (const q of ["limit=0", "limit=x", "image_width=-1", `extra_aspects=${"x".repeat(300)}`]) {
          expectJsonError(await cms.get(`${API}/gallery/decks?${q}`), 400);
        }
        expectJsonError(await cms.post(`${API}/gallery/decks`, { extra_aspects: [1, 2] }), 400);
      });
    });

    describe("slides", () => {
      it("POST /slide answers as GET /slide does; one slide by id", async () => {
        const get = await cms.get(`${API}/slide?group=hero&image_width=600`);
        const post = await cms.post(`${API}/slide`, { group: "hero", image_width: 600 });
        expect(get.status).toBe(200);
        expect(post.body).toEqual(get.body);
        expect(get.body).toMatchObject({ num_items: 2, num_pages: 1 });
        expect(get.body.data.map((s: any) => s.heading)).toEqual(["Slide 1", "Slide 2"]);
        const one = await cms.get(`${API}/slide/${slideIds[1]}?image_aspect=1x1&image_width=300`);
        expect(one.body.data).toMatchObject({
          id: slideIds[1],
          heading: "Slide 2",
          group: group.get("hero"),
          link: "/catalogue",
        });
        expectRecord(one.body.data.image, "slides/slide.jpg", "1x1", 300);
        expect((await cms.post(`${API}/slide/${slideIds[1]}`, { image_aspect: "1x1", image_width: 300 })).body).toEqual(
          one.body,
        );
        expectRecord((await cms.get(`${API}/slide/${slideIds[0]}`)).body.data.image, "slides/slide.jpg", "16x9", 1920);
        for (const id of ["99999", "99999999999", "0"]) expectJsonError(await cms.get(`${API}/slide/${id}`), 404);
        expectJsonError(await cms.get(`${API}/slide?group=reviews`), 404);
      });
    });

    describe("photos", () => {
      it("GET /photo pages every photo at 4x3, 600 by default; POST answers the same", async () => {
        const get = await cms.get(`${API}/photo`);
        expect(get.status).toBe(200);
        expect(get.body).toMatchObject({ num_items: 3, num_pages: 1, page: 1 });
        // In group and sort order, as every grouped list is: photos in no group come last.
        expect(get.body.data.map((p: any) => p.name)).toEqual(["Glue-up", "Oiling", "Loose"]);
        const glue = get.body.data[0];
        expect(Object.keys(glue).sort()).toEqual(["description", "group", "id", "image", "name"]);
        expect(glue).toMatchObject({ group: group.get("workshop"), description: "Clamped overnight." });
        expectRecord(glue.image, "galleries/g-1a.jpg", "4x3", 600);
        expect((await cms.post(`${API}/photo`, {})).body).toEqual(get.body);
      });

      it("by group (slug or id), a page at a time, and one photo by id; unknowns are 404s", async () => {
        const byGroup = await cms.post(`${API}/photo`, { group: "workshop", page_size: 1, page: 2, image_width: 300 });
        expect(byGroup.status).toBe(200);
        expect(byGroup.body).toMatchObject({ num_items: 2, num_pages: 2, page: 2 });
        expect(byGroup.body.data.map((p: any) => p.name)).toEqual(["Oiling"]);
        expectRecord(byGroup.body.data[0].image, "slides/slide.jpg", "4x3", 300);
        expect(
          (await cms.get(`${API}/photo?group=${group.get("workshop")}&page_size=1&page=2&image_width=300`)).body,
        ).toEqual(byGroup.body);
        const id = byGroup.body.data[0].id;
        const one = await cms.get(`${API}/photo/${id}?image_aspect=1x1&image_width=200`);
        expect(one.body.data).toMatchObject({ id, name: "Oiling", group: group.get("workshop") });
        expectRecord(one.body.data.image, "slides/slide.jpg", "1x1", 200);
        expect((await cms.post(`${API}/photo/${id}`, { image_aspect: "1x1", image_width: 200 })).body).toEqual(
          one.body,
        );
        for (const bad of ["99999", "99999999999", "0"]) expectJsonError(await cms.get(`${API}/photo/${bad}`), 404);
        expectJsonError(await cms.get(`${API}/photo?group=hero`), 404);
        expectJsonError(await cms.get(`${API}/photo?page_size=0`), 400);
      });
    });

    describe("videos", () => {
      it("GET /video/{id}: the URL, the type and the poster at 16x9, 1920 by default", async () => {
        const res = await cms.get(`${API}/video/${videoId}`);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: videoId, url: `/v/${videoId}.mp4`, mime: "video/mp4" });
        expectRecord(res.body.data.poster, "backgrounds/poster.jpg", "16x9", 1920);
        expectRecord(
          (await cms.get(`${API}/video/${videoId}?image_aspect=1x1&image_width=200`)).body.data.poster,
          "backgrounds/poster.jpg",
          "1x1",
          200,
        );
        for (const id of ["99999", "99999999999", "abc"]) expectJsonError(await cms.get(`${API}/video/${id}`), 404);
        expectJsonError(await cms.get(`${API}/video/${videoId}?image_width=x`), 400);
      });

      it("the seeded video is an MP4 made from its still, served whole and by byte ranges", async () => {
        const whole = await cms.app.fetch(new Request(`http://cms.test/v/${videoId}.mp4`));
        expect(whole.status).toBe(200);
        expect(whole.headers.get("content-type")).toBe("video/mp4");
        expect(whole.headers.get("accept-ranges")).toBe("bytes");
        const bytes = Buffer.from(await whole.arrayBuffer());
        expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
        // An H.264 stream: the sample description names avc1, and there is a movie header.
        expect(bytes.includes(Buffer.from("avc1"))).toBe(true);
        expect(bytes.includes(Buffer.from("moov"))).toBe(true);
        expect(bytes.length).toBeGreaterThan(2000);
        const part = await cms.app.fetch(
          new Request(`http://cms.test/v/${videoId}.mp4`, { headers: { range: "bytes=4-11" } }),
        );
        expect(part.status).toBe(206);
        expect(part.headers.get("content-range")).toBe(`bytes 4-11/${bytes.length}`);
        expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe(bytes.subarray(4, 12).toString("latin1"));
        const [row] = await t.database.db.select({ poster: videos.posterHash }).from(videos);
        expect(row.poster).toBe(hashOf.get("backgrounds/poster.jpg"));
      });
    });

    describe("GraphQL", () => {
      const IMAGE = "{ url webp_url avif_url placeholder aspect width height }";

      it("cognitoGiftVoucherThemes: themes in order, images 16x9 at 400 by default or as asked", async () => {
        const res = await cms.graphql(
          `{ a: cognitoGiftVoucherThemes { id name image ${IMAGE} } b: cognitoGiftVoucherThemes { name image(width: 200, aspect: "1x1") { url webp_url avif_url aspect width height } } }`,
        );
        expect(res.status).toBe(200);
        expect(res.body.errors).toBeUndefined();
        const { a, b } = res.body.data;
        expect(a.map((v: any) => v.name)).toEqual(["Birthday", "Thanks", "Plain"]);
        expectRecord(a[0].image, "vouchers/v-1.jpg", "16x9", 400);
        expectRecord(a[1].image, "vouchers/v-2.jpg", "16x9", 400);
        expect(a[2].image).toBeNull();
        expectRecord(b[0].image, "vouchers/v-1.jpg", "1x1", 200);
        const bad = await cms.graphql(`{ cognitoGiftVoucherThemes { name image(width: -5) { url } } }`);
        expect(bad.status).toBe(200);
        expect(bad.body.data.cognitoGiftVoucherThemes.map((v: any) => v.image)).toEqual([null, null, null]);
      });

      it("cognitoGallerys and cognitoGallery: by group, by id or url, slides at the asked aspect and width", async () => {
        const res = await cms.graphql(
          `query($g: String) { cognitoGallerys(group: $g) { id url name heading sub_heading image ${IMAGE} } }`,
          { g: "work" },
        );
        expect(res.body.errors).toBeUndefined();
        const list = res.body.data.cognitoGallerys;
        expect(list.map((g: any) => [g.id, g.url])).toEqual([
          [gallery.get("decks"), "decks"],
          [gallery.get("benches"), "benches"],
        ]);
        expectRecord(list[0].image, "galleries/g-1a.jpg", "4x3", 300);
        for (const g of [`"nope"`, `"${"x".repeat(500)}"`]) {
          const none = await cms.graphql(`{ cognitoGallerys(group: ${g}) { id } }`);
          expect(none.body).toEqual({ data: { cognitoGallerys: [] } });
        }
        expect((await cms.graphql(`{ cognitoGallerys { url } }`)).body.data.cognitoGallerys).toHaveLength(3);

        const one = await cms.graphql(
          `{ byUrl: cognitoGallery(id: "decks") { id url name heading sub_heading slides { id heading sub_heading content link link_button_text image ${IMAGE} } }
             byId: cognitoGallery(id: "${gallery.get("decks")}", aspect: "1x1", width: 200) { url slides { image { url webp_url avif_url aspect width height } } }
             missing: cognitoGallery(id: "nope") { id } }`,
        );
        expect(one.body.errors).toBeUndefined();
        const { byUrl, byId, missing } = one.body.data;
        expect(byUrl).toMatchObject({
          id: gallery.get("decks"),
          url: "decks",
          heading: "Decks",
          sub_heading: "On decks",
        });
        expect(byUrl.slides[0]).toMatchObject({
          heading: "A",
          link: "/a",
          link_button_text: "See A",
          content: "<p>a</p>",
        });
        expectRecord(byUrl.slides[0].image, "galleries/g-1a.jpg", "4x3", 400);
        expect(byUrl.slides[2].image).toBeNull();
        expectRecord(byId.slides[1].image, "galleries/g-1b.jpg", "1x1", 200);
        expect(missing).toBeNull();
      });

      it("cognitoTestimonials: by group, or all; an unknown group is empty", async () => {
        const res = await cms.graphql(
          `{ trade: cognitoTestimonials(group: "trade") { id name title content rating } all: cognitoTestimonials { name } none: cognitoTestimonials(group: "care") { name } }`,
        );
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data.trade).toEqual([
          { id: expect.any(Number), name: "Trade One", title: "", content: "", rating: 5 },
          { id: expect.any(Number), name: "Trade Two", title: "", content: "", rating: 3 },
        ]);
        expect(res.body.data.all).toHaveLength(25);
        expect(res.body.data.none).toEqual([]);
      });
    });
  });
}
