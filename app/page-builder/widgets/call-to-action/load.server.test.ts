import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HASH_A, HASH_B, imageAnswer, widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

describe("core/call_to_action load", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/call_to_action asks for both images at 16x9, 300 wide", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const data = await load(
      widget("core/call_to_action", { imageHashes: { left_image: HASH_A, right_image: HASH_B } }),
      transport,
    );
    expect(calls.map((c) => c.params)).toEqual([
      { hash: HASH_A, image_aspect: "16x9", image_width: 300 },
      { hash: HASH_B, image_aspect: "16x9", image_width: 300 },
    ]);
    expect(data).toMatchObject({
      left: { url: `/assets/i/${HASH_A}/16x9/300.jpg` },
      right: { url: `/assets/i/${HASH_B}/16x9/300.jpg` },
    });
  });
});
