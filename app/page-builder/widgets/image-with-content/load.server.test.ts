import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { UpstreamError } from "~/lib/api/errors";
import { HASH_A, imageAnswer, widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

describe("core/image_with_content load", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/image_with_content asks for its image at 16x9, 1920 wide", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const data = await load(widget("core/image_with_content", { imageHashes: { image: HASH_A } }), transport);
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/api/v1/cognito/image/getByHash",
        params: { hash: HASH_A, image_aspect: "16x9", image_width: 1920 },
      },
    ]);
    expect(data).toMatchObject({ image: { url: `/assets/i/${HASH_A}/16x9/1920.jpg`, height: 1080 } });
  });

  it("gives an unknown image hash (404) no image, and a failing one null for the widget", async () => {
    const missing = fakeTransport(() => Promise.reject(new UpstreamError("Not found", 404, "/image")));
    expect(
      await load(widget("core/image_with_content", { imageHashes: { image: HASH_A } }), missing.transport),
    ).toEqual({ image: null });
    const down = fakeTransport(() => Promise.reject(new UpstreamError("Bad gateway", 502, "/image")));
    expect(
      await load(widget("core/image_with_content", { imageHashes: { image: HASH_A } }), down.transport),
    ).toBeNull();
  });
});
