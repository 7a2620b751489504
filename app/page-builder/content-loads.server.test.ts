import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { UpstreamError } from "~/lib/api/errors";
import { HASH_A, imageAnswer, widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

import { loadWidgetData } from "./loaders.server";

describe("content widget loads across widgets", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("skips malformed or missing hashes without asking the upstream", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const bad = [
      {},
      { imageHashes: null },
      { imageHashes: { image: "not-a-hash" } },
      { imageHashes: { image: HASH_A.toUpperCase() } },
      { imageHashes: { left_image: 7, right_image: ["x"] } },
    ];
    for (const fields of bad) {
      expect(await load(widget("core/image_with_content", fields), transport)).toEqual({ image: null });
      expect(await load(widget("core/call_to_action", fields), transport)).toEqual({ left: null, right: null });
    }
    expect(calls).toEqual([]);
  });

  it("gives an unknown group (404) an empty list, asks nothing for a malformed group, and null when the upstream fails", async () => {
    const missing = fakeTransport(() => Promise.reject(new UpstreamError("Not found", 404, "/testimonial")));
    expect(await load(widget("core/testimonial_grid", { group: "nope" }), missing.transport)).toEqual([]);
    expect(await load(widget("core/person_list", { group: "nope" }), missing.transport)).toEqual([]);
    expect(await load(widget("core/hero_testimonial", { group: "../admin" }), missing.transport)).toEqual([]);
    expect(missing.calls).toHaveLength(2);
    const down = fakeTransport(() => Promise.reject(new UpstreamError("Unavailable", 503, "/testimonial")));
    expect(await load(widget("core/hero_testimonial", { group: "home" }), down.transport)).toBeNull();
  });

  it("runs a page's content loads together, in parallel", async () => {
    let inFlight = 0;
    let most = 0;
    const { transport } = fakeTransport(async (call) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight -= 1;
      return call.method === "POST" ? imageAnswer(call) : { data: [] };
    });
    const data = await loadWidgetData(
      [
        widget("tpl/heading", { title: "T", imageHashes: { background_image: HASH_A } }, "a"),
        widget("core/person_list", {}, "b"),
        widget("core/hero_testimonial", {}, "c"),
      ],
      { transport, itemUrl: null },
    );
    expect(most).toBe(3);
    expect(Object.keys(data).sort()).toEqual(["a", "b", "c"]);
  });
});
