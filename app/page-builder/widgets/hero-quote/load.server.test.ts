import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Image } from "@contract/media";
import { HASH, widget } from "~/test/gallery-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { testVariant as variant } from "~/test/test-images";
import { loadOf } from "~/test/widget-load";

import { heroQuoteWidget } from ".";

/** The shared recording transport, answering from (method, path, params). */
const fakeTransport = (answer: (method: "GET" | "POST", path: string, params: Record<string, unknown>) => unknown) =>
  recordingTransport(({ method, path, params }) => answer(method, path, params));
const loadHeroQuote = loadOf(heroQuoteWidget);

describe("core/hero_quote load", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/hero_quote loads the background 16x9/1920, the overlay orig/300 and the video in parallel", async () => {
    const { transport, calls } = fakeTransport((method, path, params) => {
      if (method === "POST")
        return { data: variant(String(params.hash), String(params.image_aspect), Number(params.image_width), 100) };
      return { data: { id: 5, url: "/v/5.mp4", mime: "video/mp4", poster: null } };
    });
    const w = {
      ...widget("core/hero_quote", {
        quote: "Q",
        background_video_id: "5",
        imageHashes: { background_image: HASH(1) },
      }),
      imageHashes: { overlay_image: HASH(2) },
    };
    const data = (await loadHeroQuote(w, { transport, itemUrl: null })) as {
      background: Image;
      overlay: Image;
      video: { url: string };
    };
    expect(calls).toHaveLength(3);
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/v1/cognito/image/getByHash",
      params: { hash: HASH(1), image_aspect: "16x9", image_width: 1920 },
    });
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/v1/cognito/image/getByHash",
      params: { hash: HASH(2), image_aspect: "orig", image_width: 300 },
    });
    expect(calls).toContainEqual({
      method: "GET",
      path: "/api/v1/cognito/video/5",
      params: { image_aspect: "16x9", image_width: 1920 },
    });
    expect(data.background.url).toBe(`/assets/i/${HASH(1)}/16x9/1920.jpg`);
    expect(data.video.url).toBe("/v/5.mp4");
  });

  it("core/hero_quote asks nothing without media, or for malformed hashes and video ids", async () => {
    const { transport, calls } = fakeTransport(() => {
      throw new Error("no call expected");
    });
    const w = widget("core/hero_quote", {
      quote: "Q",
      background_video_id: "x",
      imageHashes: { background_image: "../etc", overlay_image: 7 },
    });
    expect(await loadHeroQuote(w, { transport, itemUrl: null })).toEqual({
      background: null,
      overlay: null,
      video: null,
    });
    expect(calls).toHaveLength(0);
  });
});
