import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HASH_B, imageAnswer, widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

describe("tpl/heading load", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("tpl/heading asks for its background at 16x5, 1920 wide", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const data = await load(
      widget("tpl/heading", { title: "T", imageHashes: { background_image: HASH_B } }),
      transport,
    );
    expect(calls.map((c) => c.params)).toEqual([{ hash: HASH_B, image_aspect: "16x5", image_width: 1920 }]);
    expect(data).toMatchObject({ image: { width: 1920, height: 600 } });
  });
});
