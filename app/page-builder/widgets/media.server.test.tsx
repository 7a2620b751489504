import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { upstreamCache } from "~/lib/api/cache.server";
import type { Gallery } from "~/lib/api/galleries.server";
import type { Image } from "~/lib/api/schemas";
import { render } from "~/test/render";
import { recordingTransport, upstreamNotFound } from "~/test/recording-transport";
import { loadWidgetData } from "../loaders.server";
import { ItemNotFound } from "../types";
import { WidgetView } from "../widget-view";
import type { GalleryGroupData } from "./gallery-group/load.server";
import { loadOf } from "~/test/widget-load";
import { faqWidget } from "./faq";
import { galleryWidget } from "./gallery";
import { galleryGroupWidget } from "./gallery-group";
import { heroQuoteWidget } from "./hero-quote";
import { gallery, HASH, photo, summary, widget } from "~/test/gallery-fixtures";
import { testVariant as variant } from "~/test/test-images";

/** The shared recording transport, answering from (method, path, params). */
const fakeTransport = (answer: (method: "GET" | "POST", path: string, params: Record<string, unknown>) => unknown) =>
  recordingTransport(({ method, path, params }) => answer(method, path, params));
const notFound = upstreamNotFound;
const loadFaq = loadOf(faqWidget);
const loadGallery = loadOf(galleryWidget);
const loadGalleryGroup = loadOf(galleryGroupWidget);
const loadHeroQuote = loadOf(heroQuoteWidget);

describe("loaders", () => {
  beforeEach(() => {
    upstreamCache.clear();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/gallery asks for the gallery at the widget's aspect (16x9 by default, spec section 9), at 1920, with the lightbox aspect and limit", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: gallery() }));
    const g = (await loadGallery(widget("core/gallery", { id: "kitchens", limitSlides: 1 }), { transport, itemUrl: null })) as Gallery;
    expect(calls).toEqual([{ method: "GET", path: "/api/v1/cognito/gallery/kitchens", params: { image_aspect: "16x9", image_width: 1920, extra_aspects: "orig", limit: 1 } }]);
    // The limit holds even when the upstream sends more.
    expect(g.slides).toHaveLength(1);

    await loadGallery(widget("core/gallery", { id: 12, aspect: "16by9", lightboxAspect: "1x1" }), { transport, itemUrl: null });
    expect(calls[1]).toMatchObject({ path: "/api/v1/cognito/gallery/12", params: { image_aspect: "16x9", extra_aspects: "1x1", limit: undefined } });

    // The lightbox wanting the thumbnails' own aspect needs no extra one; a bad aspect is the default.
    await loadGallery(widget("core/gallery", { id: 13, aspect: "5x5", lightboxAspect: "16:9" }), { transport, itemUrl: null });
    expect(calls[2].params).toMatchObject({ image_aspect: "16x9", extra_aspects: undefined });
  });

  it("core/gallery asks nothing for a missing or malformed id, and a 404 is no gallery", async () => {
    const { transport, calls } = fakeTransport((_m, path) => {
      throw notFound(path);
    });
    for (const id of [undefined, "", "../admin", "a/b", {}, -3]) {
      expect(await loadGallery(widget("core/gallery", { id }), { transport, itemUrl: null })).toBeNull();
    }
    expect(calls).toHaveLength(0);
    expect(await loadGallery(widget("core/gallery", { id: "gone" }), { transport, itemUrl: null })).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("core/gallery drops broken slides and images rather than the gallery", async () => {
    const raw = { ...gallery(), heading: null, slides: [{ id: 1, image: { nope: 1 } }, "junk", { id: 3, image: photo(3), heading: null }] };
    const { transport } = fakeTransport(() => ({ data: raw }));
    const g = (await loadGallery(widget("core/gallery", { id: "kitchens" }), { transport, itemUrl: null })) as Gallery;
    expect(g.heading).toBe("");
    expect(g.slides.map((s) => [s.id, s.image ? "image" : null, s.heading])).toEqual([[1, null, ""], [3, "image", ""]]);
  });

  const groupAnswer = (path: string) => {
    if (path === "/api/v1/cognito/gallery") return { data: [summary(4, "kitchens", "Kitchens"), summary(5, "outdoor", "Outdoor")] };
    if (path === "/api/v1/cognito/gallery/kitchens") return { data: gallery() };
    if (path === "/api/v1/cognito/gallery/elsewhere") return { data: gallery({ id: 99, url: "elsewhere" }) };
    throw notFound(path);
  };

  it("core/gallery_group lists the group's galleries at 4x3/300 with the page's path for links", async () => {
    const { transport, calls } = fakeTransport((_m, path) => groupAnswer(path));
    const data = await loadWidgetData([widget("core/gallery_group", { group: "Showcase", heading: "Our work" })], { transport, itemUrl: null, pagePath: "/showcase/" });
    const d = data.w9 as GalleryGroupData;
    expect(calls).toEqual([{ method: "GET", path: "/api/v1/cognito/gallery", params: { group: "Showcase", image_aspect: "4x3", image_width: 300, page_size: 500 } }]);
    expect(d.pagePath).toBe("/showcase");
    expect(d.gallery).toBeNull();
    expect(render(<WidgetView widget={widget("core/gallery_group", { heading: "Our work" })} data={d} env={{ itemUrl: null, signedIn: false }} />)).toContain(
      'href="/showcase/outdoor"',
    );
  });

  it("core/gallery_group loads the gallery the URL names, and 404s one that is unknown or of another group", async () => {
    const { transport, calls } = fakeTransport((_m, path) => groupAnswer(path));
    const w = widget("core/gallery_group", { group: 2 });
    const d = (await loadGalleryGroup(w, { transport, itemUrl: "kitchens", pagePath: "/showcase" })) as GalleryGroupData;
    expect(d.gallery?.heading).toBe("Kitchen tables");
    expect(calls).toContainEqual({ method: "GET", path: "/api/v1/cognito/gallery/kitchens", params: { image_aspect: "16x9", image_width: 1920, extra_aspects: "orig", limit: undefined } });
    await expect(loadGalleryGroup(w, { transport, itemUrl: "nowhere", pagePath: "/showcase" })).rejects.toBeInstanceOf(ItemNotFound);
    await expect(loadGalleryGroup(w, { transport, itemUrl: "elsewhere", pagePath: "/showcase" })).rejects.toBeInstanceOf(ItemNotFound);
    await expect(loadGalleryGroup(w, { transport, itemUrl: "bad/url", pagePath: "/showcase" })).rejects.toBeInstanceOf(ItemNotFound);
    // Through the page's loader too: the 404 is not swallowed as a failed widget.
    await expect(loadWidgetData([w], { transport, itemUrl: "nowhere" })).rejects.toBeInstanceOf(ItemNotFound);
  });

  it("core/hero_quote loads the background 16x9/1920, the overlay orig/300 and the video in parallel", async () => {
    const { transport, calls } = fakeTransport((method, path, params) => {
      if (method === "POST") return { data: variant(String(params.hash), String(params.image_aspect), Number(params.image_width), 100) };
      return { data: { id: 5, url: "/v/5.mp4", mime: "video/mp4", poster: null } };
    });
    const w = { ...widget("core/hero_quote", { quote: "Q", background_video_id: "5", imageHashes: { background_image: HASH(1) } }), imageHashes: { overlay_image: HASH(2) } };
    const data = (await loadHeroQuote(w, { transport, itemUrl: null })) as { background: Image; overlay: Image; video: { url: string } };
    expect(calls).toHaveLength(3);
    expect(calls).toContainEqual({ method: "POST", path: "/api/v1/cognito/image/getByHash", params: { hash: HASH(1), image_aspect: "16x9", image_width: 1920 } });
    expect(calls).toContainEqual({ method: "POST", path: "/api/v1/cognito/image/getByHash", params: { hash: HASH(2), image_aspect: "orig", image_width: 300 } });
    expect(calls).toContainEqual({ method: "GET", path: "/api/v1/cognito/video/5", params: { image_aspect: "16x9", image_width: 1920 } });
    expect(data.background.url).toBe(`/assets/i/${HASH(1)}/16x9/1920.jpg`);
    expect(data.video.url).toBe("/v/5.mp4");
  });

  it("core/hero_quote asks nothing without media, or for malformed hashes and video ids", async () => {
    const { transport, calls } = fakeTransport(() => {
      throw new Error("no call expected");
    });
    const w = widget("core/hero_quote", { quote: "Q", background_video_id: "x", imageHashes: { background_image: "../etc", overlay_image: 7 } });
    expect(await loadHeroQuote(w, { transport, itemUrl: null })).toEqual({ background: null, overlay: null, video: null });
    expect(calls).toHaveLength(0);
  });

  it("core/faq loads the questions of its group, and nothing without one", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [{ id: 1, name: "Q?", content: null, group: "Delivery" }, { broken: true }] }));
    expect(await loadFaq(widget("core/faq", { group: "Delivery" }), { transport, itemUrl: null })).toEqual([{ id: 1, name: "Q?", content: "", group: "Delivery" }]);
    expect(calls).toEqual([{ method: "GET", path: "/api/v1/cognito/faq", params: { group: "Delivery", page_size: 500 } }]);
    expect(await loadFaq(widget("core/faq", {}), { transport, itemUrl: null })).toBeUndefined();
    expect(await loadFaq(widget("core/faq", { group: "" }), { transport, itemUrl: null })).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it("core/faq: an unknown group is no questions", async () => {
    const { transport } = fakeTransport((_m, path) => {
      throw notFound(path);
    });
    expect(await loadFaq(widget("core/faq", { group: 99 }), { transport, itemUrl: null })).toEqual([]);
  });
});
