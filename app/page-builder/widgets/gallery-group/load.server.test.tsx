import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { gallery, summary, widget } from "~/test/gallery-fixtures";
import { recordingTransport, upstreamNotFound } from "~/test/recording-transport";
import { render } from "~/test/render";
import { loadOf } from "~/test/widget-load";

import { loadWidgetData } from "../../loaders.server";
import { ItemNotFound } from "../../types";
import { WidgetView } from "../../widget-view";
import { galleryGroupWidget } from ".";
import type { GalleryGroupData } from "./load.server";

/** The shared recording transport, answering from (method, path, params). */
const fakeTransport = (answer: (method: "GET" | "POST", path: string, params: Record<string, unknown>) => unknown) =>
  recordingTransport(({ method, path, params }) => answer(method, path, params));
const notFound = upstreamNotFound;
const loadGalleryGroup = loadOf(galleryGroupWidget);

describe("core/gallery_group load", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const groupAnswer = (path: string) => {
    if (path === "/api/v1/cognito/gallery")
      return { data: [summary(4, "kitchens", "Kitchens"), summary(5, "outdoor", "Outdoor")] };
    if (path === "/api/v1/cognito/gallery/kitchens") return { data: gallery() };
    if (path === "/api/v1/cognito/gallery/elsewhere") return { data: gallery({ id: 99, url: "elsewhere" }) };
    throw notFound(path);
  };

  it("core/gallery_group lists the group's galleries at 4x3/300 with the page's path for links", async () => {
    const { transport, calls } = fakeTransport((_m, path) => groupAnswer(path));
    const data = await loadWidgetData([widget("core/gallery_group", { group: "Showcase", heading: "Our work" })], {
      transport,
      itemUrl: null,
      pagePath: "/showcase/",
    });
    const d = data.w9 as GalleryGroupData;
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/api/v1/cognito/gallery",
        params: { group: "Showcase", image_aspect: "4x3", image_width: 300, page_size: 500 },
      },
    ]);
    expect(d.pagePath).toBe("/showcase");
    expect(d.gallery).toBeNull();
    expect(
      render(
        <WidgetView
          widget={widget("core/gallery_group", { heading: "Our work" })}
          data={d}
          env={{ itemUrl: null, signedIn: false }}
        />,
      ),
    ).toContain('href="/showcase/outdoor"');
  });

  it("core/gallery_group loads the gallery the URL names, and 404s one that is unknown or of another group", async () => {
    const { transport, calls } = fakeTransport((_m, path) => groupAnswer(path));
    const w = widget("core/gallery_group", { group: 2 });
    const d = (await loadGalleryGroup(w, {
      transport,
      itemUrl: "kitchens",
      pagePath: "/showcase",
    })) as GalleryGroupData;
    expect(d.gallery?.heading).toBe("Kitchen tables");
    expect(calls).toContainEqual({
      method: "GET",
      path: "/api/v1/cognito/gallery/kitchens",
      params: { image_aspect: "16x9", image_width: 1920, extra_aspects: "orig", limit: undefined },
    });
    await expect(loadGalleryGroup(w, { transport, itemUrl: "nowhere", pagePath: "/showcase" })).rejects.toBeInstanceOf(
      ItemNotFound,
    );
    await expect(
      loadGalleryGroup(w, { transport, itemUrl: "elsewhere", pagePath: "/showcase" }),
    ).rejects.toBeInstanceOf(ItemNotFound);
    await expect(loadGalleryGroup(w, { transport, itemUrl: "bad/url", pagePath: "/showcase" })).rejects.toBeInstanceOf(
      ItemNotFound,
    );
    // Through the page's loader too: the 404 is not swallowed as a failed widget.
    await expect(loadWidgetData([w], { transport, itemUrl: "nowhere" })).rejects.toBeInstanceOf(ItemNotFound);
  });
});
