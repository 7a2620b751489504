import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

describe("core/hero_testimonial load", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/hero_testimonial asks for three testimonials with square images 100 wide", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [] }));
    await load(widget("core/hero_testimonial", { group: "home", page_size: 50 }), transport);
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/api/v1/cognito/testimonial",
        params: { page_size: 3, image_aspect: "1x1", image_width: 100, group: "home" },
      },
    ]);
  });
});
