import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Widget } from "@contract/pages";
import { pageSchema } from "@contract/pages";
import { UpstreamError } from "~/lib/api/errors";
import { seedPage } from "~/lib/api/seed-fallback.server";
import type { Transport } from "~/lib/api/transport.server";
import { chair, table, tables } from "~/test/catalogue-fixtures";
import { gallery } from "~/test/gallery-fixtures";
import { testImage } from "~/test/test-images";

import seedPages from "../../seeds/pages.json";
import { frameKey } from "./frame-media";
import {
  itemView,
  loadWidgetData,
  pageAcceptsItem,
  pageEnhancers,
  pageItemHead,
  pageNeedsBrowser,
  pageWidgets,
} from "./loaders.server";

const NOW = Date.parse("2026-06-01T12:00:00Z");

function widget(id: string, type: string, fields: Record<string, unknown> = {}, over: Partial<Widget> = {}): Widget {
  return { id, type, sort: 0, deleted: false, fields, items: [], ...over };
}

/** A transport whose GET answers come from `answer(path, query)`; POSTs are not expected. */
function fakeTransport(answer: (path: string, query: Record<string, unknown>) => Promise<unknown>) {
  const get = vi.fn(async (path: string, schema: { parse: (v: unknown) => unknown }, query?: Record<string, unknown>) =>
    schema.parse(await answer(path, query ?? {})),
  );
  const transport = {
    anonymous: true,
    get,
    post: vi.fn(async () => {
      throw new Error("no POST expected");
    }),
  } as unknown as Transport;
  return { transport, get };
}

const links = (parent: string) => ({ data: [{ name: `${parent} link`, link: `https://example.com/${parent}` }] });

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadWidgetData", () => {
  it("runs the loads of all widgets in parallel", async () => {
    // A barrier that opens only once both loads have started: loads run one after the other
    // would leave the first waiting for ever (here: failing after five seconds).
    const started = new Set<string>();
    let open!: () => void;
    const barrier = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { transport, get } = fakeTransport(async (_path, query) => {
      started.add(String(query.parent));
      if (started.size === 2) open();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          barrier,
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("loads ran one after the other")), 5_000);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
      return links(String(query.parent));
    });
    const data = await loadWidgetData(
      [
        widget("a", "core/link_children", { parent: "social" }),
        widget("b", "core/link_children", { parent: "footer" }),
      ],
      { transport, itemUrl: null },
    );
    expect(get).toHaveBeenCalledTimes(2);
    expect(data).toEqual({
      a: [{ name: "social link", link: "https://example.com/social", icon: "" }],
      b: [{ name: "footer link", link: "https://example.com/footer", icon: "" }],
    });
  });

  it("gives a failing widget null without failing the page", async () => {
    const { transport } = fakeTransport(async (_path, query) => {
      if (query.parent === "broken") throw new UpstreamError("Network Error", -1, "/api/v1/cognito/link");
      return links(String(query.parent));
    });
    const data = await loadWidgetData(
      [
        widget("bad", "core/link_children", { parent: "broken" }),
        widget("good", "core/link_children", { parent: "social" }),
      ],
      { transport, itemUrl: null },
    );
    expect(data.bad).toBeNull();
    expect(data.good).toEqual([{ name: "social link", link: "https://example.com/social", icon: "" }]);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it("gives a widget whose answer does not parse null", async () => {
    const { transport } = fakeTransport(async () => ({ data: [{ nope: true }] }));
    const data = await loadWidgetData([widget("x", "core/link_children", { parent: "p" })], {
      transport,
      itemUrl: null,
    });
    expect(data).toEqual({ x: null });
  });

  it("leaves out widgets that have no loader, and asks nothing for a link_children without parent", async () => {
    const { transport, get } = fakeTransport(async () => links("p"));
    const data = await loadWidgetData(
      [widget("h", "core/html", { html: "<p>x</p>" }), widget("u", "acme/unknown"), widget("l", "core/link_children")],
      { transport, itemUrl: null },
    );
    expect(data).toEqual({ l: [] });
    expect(get).not.toHaveBeenCalled();
  });

  it("does not run loaders for Object.prototype names as types", async () => {
    const { transport } = fakeTransport(async () => links("p"));
    await expect(
      loadWidgetData([widget("c", "constructor"), widget("t", "toString"), widget("p", "__proto__")], {
        transport,
        itemUrl: null,
      }),
    ).resolves.toEqual({});
  });

  it("resolves an empty page to no data", async () => {
    const { transport } = fakeTransport(async () => links("p"));
    await expect(loadWidgetData([], { transport, itemUrl: null })).resolves.toEqual({});
  });
});

describe("pageWidgets", () => {
  const page = pageSchema.parse({
    id: 1,
    name: "P",
    slug: "p",
    url: "p",
    updated_at: "2026-01-01T00:00:00Z",
    rows: [
      {
        blocks: [
          { id: "b1", widgets: [widget("w1", "core/html"), widget("w2", "core/html", {}, { deleted: true })] },
          { id: "b2", deleted: true, widgets: [widget("w3", "core/html")] },
        ],
      },
      {
        row_type: "tabs",
        blocks: [{ id: "t1", title: "T", widgets: [widget("w4", "core/link_children", { parent: "x" })] }],
      },
    ],
    pageContents: [
      { id: 1, template: "core/html", variables: { html: "<p>shown</p>" } },
      { id: 2, template: "core/html", hidden: true },
      { id: 3, template: "core/html", deleted: true },
      { id: 4, template: "core/html", start_time: "2026-06-02T00:00:00Z" },
      { id: 5, template: "core/html", end_time: "2026-06-01T00:00:00Z" },
      { id: 6, template: "core/faq", sort_order: 4, variables: { items: [{ name: "Q", content: "A" }] } },
    ],
  });

  it("returns the widgets of live blocks and of visible page blocks", () => {
    expect(pageWidgets(page, NOW).map((w) => w.id)).toEqual(["w1", "w4", "pb-1", "pb-6"]);
  });

  it("turns a page block into a widget of its template with its variables as fields", () => {
    const [, , first, faq] = pageWidgets(page, NOW);
    expect(first).toMatchObject({ id: "pb-1", type: "core/html", fields: { html: "<p>shown</p>" }, deleted: false });
    expect(faq).toMatchObject({ id: "pb-6", type: "core/faq", sort: 4, items: [{ name: "Q", content: "A" }] });
  });

  it("follows the time: a scheduled block joins once its start has passed", () => {
    expect(pageWidgets(page, Date.parse("2026-06-02T00:00:00Z")).map((w) => w.id)).toContain("pb-4");
  });
});

describe("pageAcceptsItem", () => {
  it("finds widgets on every seeded page", () => {
    expect(seedPages.length).toBeGreaterThan(0);
    for (const raw of seedPages) expect(pageWidgets(seedPage(raw.url)!, NOW).length, raw.url).toBeGreaterThan(0);
  });

  it("is false for no widgets and for unknown or prototype-named types; true with the catalogue list", () => {
    expect(pageAcceptsItem([])).toBe(false);
    expect(pageAcceptsItem([widget("b", "constructor"), widget("c", "hasOwnProperty")])).toBe(false);
    expect(pageAcceptsItem([widget("a", "Catalogue/list")])).toBe(true);
  });

  it("lets only the catalogue page show items (/catalogue/{group}) among the seeded pages", () => {
    for (const url of ["home", "about", "delivery", "error", "where-to-find-us"]) {
      expect(pageAcceptsItem(pageWidgets(seedPage(url)!, NOW)), url).toBe(false);
    }
    expect(pageAcceptsItem(pageWidgets(seedPage("catalogue")!, NOW))).toBe(true);
  });

  it("seedPage parses every seeded page", () => {
    for (const { url } of seedPages) expect(seedPage(url), url).not.toBeNull();
  });
});

describe("itemView", () => {
  it("keeps only the widgets that show the item: the catalogue's heading and intro step aside", () => {
    const catalogue = seedPage("catalogue")!;
    expect(pageWidgets(catalogue, NOW).map((w) => w.type)).toContain("core/heading");
    const view = itemView(catalogue);
    expect(pageWidgets(view, NOW).map((w) => w.type)).toEqual(["Catalogue/list"]);
    expect(view.content).toBe("");
  });

  it("on /showcase/{gallery}, keeps the gallery group alone: no hero, no page blocks, no other rows", () => {
    const showcase = seedPage("showcase")!;
    expect(showcase.pageContents.length).toBeGreaterThan(0);
    const view = itemView(showcase);
    expect(pageWidgets(view, NOW).map((w) => w.type)).toEqual(["core/gallery_group"]);
    expect(view.rows).toHaveLength(1);
    expect(view.pageContents).toEqual([]);
  });
});

describe("pageItemHead", () => {
  const list = widget("list", "Catalogue/list");
  const galleries = widget("galleries", "core/gallery_group");

  it("names a product's page after the product, with its text and first photo", () => {
    const head = pageItemHead([list], { list: { groups: [tables], group: tables, products: [table], product: table } });
    expect(head).toEqual({ title: "Yandina table", description: "Yandina table.", image: table.photos[0].image });
  });

  it("names a category's page after the category, and a gallery's page after the gallery", () => {
    expect(
      pageItemHead([list], { list: { groups: [tables], group: tables, products: [], product: null } }),
    ).toMatchObject({
      title: "Table settings",
      description: "Table settings made by hand.",
    });
    const g = gallery();
    expect(pageItemHead([galleries], { galleries: { galleries: [], gallery: g, pagePath: "/showcase" } })).toEqual({
      title: "Kitchen tables",
      description: "Made for long lunches",
      image: g.slides[0].image,
    });
  });

  it("is null on a list, without data, and for widgets that show no item", () => {
    expect(
      pageItemHead([list], { list: { groups: [tables], group: null, products: [table], product: null } }),
    ).toBeNull();
    expect(pageItemHead([list, galleries], {})).toBeNull();
    expect(pageItemHead([widget("h", "core/heading")], { h: { text: "x" } })).toBeNull();
  });
});

describe("pageNeedsBrowser", () => {
  const slide = (id: number) => ({ id, image: null, heading: `Slide ${id}` });
  const video = { id: 3, url: "/v/3.mp4", mime: "video/mp4", poster: null };
  const needs = (w: Widget, data: unknown) => pageNeedsBrowser([w], { [w.id]: data });

  it("is false for the seeded content pages, whatever their widgets' loads return", () => {
    for (const url of ["about", "delivery", "where-to-find-us", "error"]) {
      const widgets = pageWidgets(seedPage(url)!, NOW);
      for (const data of [undefined, null, {}, []]) {
        const all = Object.fromEntries(widgets.map((w) => [w.id, data]));
        expect(pageNeedsBrowser(widgets, all), url).toBe(false);
      }
    }
  });

  it("is false for a slideshow, a gallery, a video and a list of products: enhancers add those (034, 036)", () => {
    const listed = { groups: [tables], group: null, products: [table, chair], product: null, contact: null };
    expect(needs(widget("c", "Catalogue/list"), listed)).toBe(false);
    const quote = widget("q", "core/hero_quote", { quote: "Lovely" });
    expect(needs(widget("h", "Catalogue/home_hero"), [slide(1), slide(2)])).toBe(false);
    expect(needs(widget("g", "core/gallery", { layout: "slider" }), gallery())).toBe(false);
    expect(needs(quote, { background: null, overlay: null, video })).toBe(false);
  });

  it("is false for unknown or prototype-named types and for no widgets", () => {
    expect(pageNeedsBrowser([], {})).toBe(false);
    expect(pageNeedsBrowser([widget("u", "core/unknown"), widget("p", "constructor")], {})).toBe(false);
  });
});

describe("pageEnhancers", () => {
  const slide = (id: number) => ({ id, image: null, heading: `Slide ${id}` });
  const video = { id: 3, url: "/v/3.mp4", mime: "video/mp4", poster: null };
  const names = (w: Widget, data: unknown) => pageEnhancers([w], { [w.id]: data });

  it("names none for the seeded content pages, whatever their widgets' loads return", () => {
    for (const url of ["about", "delivery", "where-to-find-us", "error"]) {
      const widgets = pageWidgets(seedPage(url)!, NOW);
      for (const data of [undefined, null, {}, []]) {
        const all = Object.fromEntries(widgets.map((w) => [w.id, data]));
        expect(pageEnhancers(widgets, all), url).toEqual([]);
      }
    }
  });

  it("names the product view for a list of products, none on a product's own page or an empty list", () => {
    const list = widget("c", "Catalogue/list");
    const listed = { groups: [tables], group: null, products: [table, chair], product: null, contact: null };
    expect(names(list, listed)).toEqual(["product-view"]);
    expect(names(list, { ...listed, group: tables })).toEqual(["product-view"]);
    expect(names(list, { ...listed, group: tables, product: table })).toEqual([]);
    expect(names(list, { ...listed, products: [] })).toEqual([]);
    expect(names(list, null)).toEqual([]);
  });

  it("names the slideshow for two slides or more, not for one slide", () => {
    const hero = widget("h", "Catalogue/home_hero");
    expect(names(hero, [slide(1), slide(2)])).toEqual(["slideshow"]);
    expect(names(hero, [slide(1)])).toEqual([]);
    expect(names(hero, null)).toEqual([]);
  });

  it("names the lightbox and the slider for a gallery shown so, none for a plain grid or no photos", () => {
    const grid = (fields: Record<string, unknown>) => widget("g", "core/gallery", fields);
    expect(names(grid({}), gallery())).toEqual(["lightbox"]);
    expect(names(grid({ useLightbox: false }), gallery())).toEqual([]);
    expect(names(grid({ useLightbox: false, layout: "slider" }), gallery())).toEqual(["slider"]);
    expect(names(grid({ layout: "slider" }), gallery())).toEqual(["lightbox", "slider"]);
    expect(names(grid({}), gallery({ slides: [] }))).toEqual([]);
    const group = widget("gg", "core/gallery_group");
    expect(names(group, { galleries: [], gallery: null, pagePath: "/p" })).toEqual([]);
    expect(names(group, { galleries: [], gallery: gallery(), pagePath: "/p" })).toEqual(["lightbox"]);
  });

  it("names the background video for a video behind a hero quote or a frame, none for a picture", () => {
    const quote = widget("q", "core/hero_quote", { quote: "Lovely" });
    const picture = testImage("a".repeat(32), "16x9", 1920, 1080);
    expect(names(quote, { background: picture, overlay: null, video })).toEqual(["background-video"]);
    expect(names(quote, { background: picture, overlay: null, video: null })).toEqual([]);
    const framed = widget("f", "core/html", { html: "<p>Hi</p>" });
    expect(pageEnhancers([framed], { [frameKey("f")]: { image: null, video, slate: null } })).toEqual([
      "background-video",
    ]);
    expect(pageEnhancers([framed], { [frameKey("f")]: { image: picture, video: null, slate: null } })).toEqual([]);
  });

  it("names each once, in a stable order, and none for unknown types", () => {
    const a = widget("a", "core/gallery", { layout: "slider" });
    const b = widget("b", "core/gallery", {});
    expect(pageEnhancers([a, b], { a: gallery(), b: gallery() })).toEqual(["lightbox", "slider"]);
    expect(pageEnhancers([widget("u", "core/unknown"), widget("p", "constructor")], {})).toEqual([]);
  });
});
