import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Gallery } from "@contract/galleries";
import { gallery, photo, widget } from "~/test/gallery-fixtures";
import { recordingTransport, upstreamNotFound } from "~/test/recording-transport";
import { loadOf } from "~/test/widget-load";

import { galleryWidget } from ".";

/** The shared recording transport, answering from (method, path, params). */
const fakeTransport = (answer: (method: "GET" | "POST", path: string, params: Record<string, unknown>) => unknown) =>
  recordingTransport(({ method, path, params }) => answer(method, path, params));
const notFound = upstreamNotFound;
const loadGallery = loadOf(galleryWidget);

describe("core/gallery load", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/gallery asks for the gallery at the widget's aspect (16x9 by default, spec section 9), at 1920, with the lightbox aspect and limit", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: gallery() }));
    const g = (await loadGallery(widget("core/gallery", { id: "kitchens", limitSlides: 1 }), {
      transport,
      itemUrl: null,
    })) as Gallery;
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/api/v1/cognito/gallery/kitchens",
        params: { image_aspect: "16x9", image_width: 1920, extra_aspects: "orig", limit: 1 },
      },
    ]);
    // The limit holds even when the upstream sends more.
    expect(g.slides).toHaveLength(1);

    await loadGallery(widget("core/gallery", { id: 12, aspect: "16by9", lightboxAspect: "1x1" }), {
      transport,
      itemUrl: null,
    });
    expect(calls[1]).toMatchObject({
      path: "/api/v1/cognito/gallery/12",
      params: { image_aspect: "16x9", extra_aspects: "1x1", limit: undefined },
    });

    // The lightbox wanting the thumbnails' own aspect needs no extra one; a bad aspect is the default.
    await loadGallery(widget("core/gallery", { id: 13, aspect: "5x5", lightboxAspect: "16:9" }), {
      transport,
      itemUrl: null,
    });
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
    const raw = {
      ...gallery(),
      heading: null,
      slides: [{ id: 1, image: { nope: 1 } }, "junk", { id: 3, image: photo(3), heading: null }],
    };
    const { transport } = fakeTransport(() => ({ data: raw }));
    const g = (await loadGallery(widget("core/gallery", { id: "kitchens" }), { transport, itemUrl: null })) as Gallery;
    expect(g.heading).toBe("");
    expect(g.slides.map((s) => [s.id, s.image ? "image" : null, s.heading])).toEqual([
      [1, null, ""],
      [3, "image", ""],
    ]);
  });
});
