import { describe, expect, it } from "vitest";

import { seedPage } from "~/lib/api/seed-fallback.server";
import { widget as contentWidget } from "~/test/content-fixtures";
import { gallery, HASH } from "~/test/gallery-fixtures";
import { testImage } from "~/test/test-images";

import { frameKey } from "./frame-media";
import { itemView, pageWidgets } from "./loaders.server";
import { pagePhoto, photoHead, photoPath, photoRequest, photoView } from "./photo-view";
import { pageShareImage } from "./share-image";

const NOW = Date.parse("2026-06-01T12:00:00Z");
/** A widget by id first, as these tests name them. */
const widget = (id: string, type: string, fields: Record<string, unknown> = {}) => contentWidget(type, fields, id);
const share = (hash: string) => `/assets/i/${hash}/1200x630/1200.jpg`;

describe("photoRequest", () => {
  it("reads ?gallery={widget}&photo={n}; none is no photo; anything else is no page", () => {
    const q = (s: string) => photoRequest(new URLSearchParams(s));
    expect(q("")).toBeNull();
    expect(q("tab=Delivery&utm_source=x")).toBeNull();
    // A product page's thumbnails choose its large photo with ?photo= alone.
    expect(q("photo=3")).toBeNull();
    expect(q("gallery=showcase-gallery-grid&photo=3")).toEqual({ widget: "showcase-gallery-grid", number: 3 });
    for (const bad of ["gallery=g", "gallery=g&photo=0", "gallery=g&photo=03", "gallery=g&photo=x"]) {
      expect(q(bad), bad).toBe("invalid");
    }
    expect(q("gallery=g&photo=1&photo=2")).toBe("invalid");
    expect(q(`gallery=${"a".repeat(101)}&photo=1`)).toBe("invalid");
    expect(q("gallery=%3Cscript%3E&photo=1")).toBe("invalid");
  });

  it("gives a photo's page one canonical address", () => {
    expect(photoPath("/showcase/", { widget: "g", number: 2 })).toBe("/showcase?gallery=g&photo=2");
    expect(photoPath("/", { widget: "g", number: 1 })).toBe("/?gallery=g&photo=1");
  });
});

describe("photoView", () => {
  it("keeps the one gallery the photo belongs to, out of its tab and frame; other ids are no page", () => {
    const showcase = seedPage("showcase")!;
    const view = photoView(showcase, "showcase-gallery-slider", NOW)!;
    expect(pageWidgets(view, NOW).map((w) => w.id)).toEqual(["showcase-gallery-slider"]);
    expect(view.pageContents).toEqual([]);
    expect(view.content).toBe("");
    expect(view.rows[0].row_type).toBe("columns");
    expect(view.rows[0].blocks[0].widgets[0].wrapper).toBeUndefined();
    expect(photoView(showcase, "no-such-widget", NOW)).toBeNull();
    // On a gallery's own page (an item view), its gallery group.
    expect(pageWidgets(photoView(itemView(showcase), "showcase-galleries", NOW)!, NOW).map((w) => w.type)).toEqual([
      "core/gallery_group",
    ]);
  });
});

describe("pagePhoto", () => {
  const g = widget("g", "core/gallery", { heading: "Our tables" });

  it("is the gallery's n-th photo as the widget shows it, with its count; past the last there is none", () => {
    const photo = pagePhoto([g], { g: gallery() }, { widget: "g", number: 2 })!;
    expect(photo).toMatchObject({ number: 2, count: 2 });
    expect(photo.set.title).toBe("Our tables");
    expect(photo.set.photos[1].image.url).toBe(`/assets/i/${HASH(3)}/orig/1920.jpg`);
    expect(photoHead(photo, "Our tables – photo 2")).toEqual({
      title: "Our tables – photo 2",
      description: "Montville bench",
      image: photo.set.photos[1].image,
    });
    expect(pagePhoto([g], { g: gallery() }, { widget: "g", number: 3 })).toBeNull();
    // A widget that shows no gallery, or a gallery that did not load.
    expect(pagePhoto([widget("h", "core/heading")], {}, { widget: "h", number: 1 })).toBeNull();
    expect(pagePhoto([g], { g: null }, { widget: "g", number: 1 })).toBeNull();
  });
});

describe("pageShareImage", () => {
  it("is an item's own picture on an item view", () => {
    const item = { title: "Yandina table", image: testImage(HASH(7), "4x3", 600, 450) };
    expect(pageShareImage([], {}, item)).toEqual({ path: share(HASH(7)), alt: "Yandina table" });
  });

  it("is otherwise the first large picture in reading order: a frame's background, then a widget's own", () => {
    const slides = [
      { id: 1, image: null, heading: "No picture" },
      { id: 2, image: testImage(HASH(2), "16x9", 1920, 1080), heading: "Sunset deck" },
    ];
    const hero = widget("hero", "Catalogue/home_hero");
    const heading = widget("h", "core/heading", { text: "Hello" });
    const people = widget("p", "core/person_list");
    expect(pageShareImage([heading, people, hero], { hero: slides }, null)).toEqual({
      path: share(HASH(2)),
      alt: "Sunset deck",
    });
    const framed = { [frameKey("h")]: { image: testImage(HASH(5), "orig", 1920, 1280), video: null, slate: null } };
    expect(pageShareImage([heading, hero], { ...framed, hero: slides }, null)).toEqual({
      path: share(HASH(5)),
      alt: "",
    });
    // A gallery's first photo.
    expect(pageShareImage([widget("g", "core/gallery")], { g: gallery() }, null)).toEqual({
      path: share(HASH(1)),
      alt: "Yandina table",
    });
  });

  it("is none for a page of words (the head keeps the brand card)", () => {
    const about = seedPage("about")!;
    expect(pageShareImage(pageWidgets(about, NOW), {}, null)).toBeNull();
  });
});
