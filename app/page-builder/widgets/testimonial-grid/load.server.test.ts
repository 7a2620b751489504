import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { Testimonial } from "@contract/content";
import { widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

describe("core/testimonial_grid load", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/testimonial_grid asks for 12 by default and at most 100", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [] }));
    await load(widget("core/testimonial_grid", { group: 4 }), transport);
    await load(widget("core/testimonial_grid", { page_size: 1000 }, "w2"), transport);
    await load(widget("core/testimonial_grid", { page_size: "30" }, "w3"), transport);
    expect(
      calls.map((c) => [c.path, c.params.page_size, c.params.image_width, c.params.image_aspect, c.params.group]),
    ).toEqual([
      ["/api/v1/cognito/testimonial", 12, 100, "1x1", "4"],
      ["/api/v1/cognito/testimonial", 100, 100, "1x1", undefined],
      ["/api/v1/cognito/testimonial", 30, 100, "1x1", undefined],
    ]);
  });

  it("reads testimonials tolerantly: a rating outside 1 to 5 is none, a broken image is none", async () => {
    const { transport } = fakeTransport(() => ({
      data: [
        { id: 1, name: "A", title: null, content: "<p>x</p>", image: "bad", rating: 9, group: null },
        { id: 2, name: null, content: null, rating: 4 },
      ],
    }));
    const data = (await load(widget("core/testimonial_grid", {}), transport)) as Testimonial[];
    expect(data.map((t) => [t.name, t.title, t.content, t.image, t.rating])).toEqual([
      ["A", "", "<p>x</p>", null, null],
      ["", "", "", null, 4],
    ]);
  });
});
