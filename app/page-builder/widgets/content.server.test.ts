import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { upstreamCache } from "~/lib/api/cache.server";
import { UpstreamError } from "~/lib/api/errors";
import type { Widget } from "~/lib/api/schemas";
import type { Testimonial } from "~/lib/api/testimonials.server";
import type { Transport } from "~/lib/api/transport.server";
import { recordingTransport } from "~/test/recording-transport";
import type { RecordedCall } from "~/test/recording-transport";
import { loadWidgetData } from "../loaders.server";
import { HASH_A, HASH_B, person, testimonial, widget } from "~/test/content-fixtures";
import { testImage as image } from "~/test/test-images";

describe("content widget loaders", () => {
  type Call = RecordedCall;
  const fakeTransport = recordingTransport;

  /** The upstream's image answer: the record for the hash at the aspect and width asked for. */
  const imageAnswer = ({ params }: Call) => {
    const [w, h] = String(params.image_aspect).split("x").map(Number);
    const width = Number(params.image_width);
    return { data: image(String(params.hash), String(params.image_aspect), width, Math.round((width * h) / w)) };
  };

  const load = (w: Widget, transport: Transport) => loadWidgetData([w], { transport, itemUrl: null }).then((d) => d[w.id]);

  beforeEach(() => {
    upstreamCache.clear();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/image_with_content asks for its image at 16x9, 1920 wide", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const data = await load(widget("core/image_with_content", { imageHashes: { image: HASH_A } }), transport);
    expect(calls).toEqual([{ method: "POST", path: "/api/v1/cognito/image/getByHash", params: { hash: HASH_A, image_aspect: "16x9", image_width: 1920 } }]);
    expect(data).toMatchObject({ image: { url: `/assets/i/${HASH_A}/16x9/1920.jpg`, height: 1080 } });
  });

  it("core/call_to_action asks for both images at 16x9, 300 wide", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const data = await load(widget("core/call_to_action", { imageHashes: { left_image: HASH_A, right_image: HASH_B } }), transport);
    expect(calls.map((c) => c.params)).toEqual([
      { hash: HASH_A, image_aspect: "16x9", image_width: 300 },
      { hash: HASH_B, image_aspect: "16x9", image_width: 300 },
    ]);
    expect(data).toMatchObject({ left: { url: `/assets/i/${HASH_A}/16x9/300.jpg` }, right: { url: `/assets/i/${HASH_B}/16x9/300.jpg` } });
  });

  it("tpl/heading asks for its background at 16x5, 1920 wide", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const data = await load(widget("tpl/heading", { title: "T", imageHashes: { background_image: HASH_B } }), transport);
    expect(calls.map((c) => c.params)).toEqual([{ hash: HASH_B, image_aspect: "16x5", image_width: 1920 }]);
    expect(data).toMatchObject({ image: { width: 1920, height: 600 } });
  });

  it("skips malformed or missing hashes without asking the upstream", async () => {
    const { transport, calls } = fakeTransport(imageAnswer);
    const bad = [{}, { imageHashes: null }, { imageHashes: { image: "not-a-hash" } }, { imageHashes: { image: HASH_A.toUpperCase() } }, { imageHashes: { left_image: 7, right_image: ["x"] } }];
    for (const fields of bad) {
      expect(await load(widget("core/image_with_content", fields), transport)).toEqual({ image: null });
      expect(await load(widget("core/call_to_action", fields), transport)).toEqual({ left: null, right: null });
    }
    expect(calls).toEqual([]);
  });

  it("gives an unknown image hash (404) no image, and a failing one null for the widget", async () => {
    const missing = fakeTransport(() => Promise.reject(new UpstreamError("Not found", 404, "/image")));
    expect(await load(widget("core/image_with_content", { imageHashes: { image: HASH_A } }), missing.transport)).toEqual({ image: null });
    upstreamCache.clear();
    const down = fakeTransport(() => Promise.reject(new UpstreamError("Bad gateway", 502, "/image")));
    expect(await load(widget("core/image_with_content", { imageHashes: { image: HASH_A } }), down.transport)).toBeNull();
  });

  it("core/person_list asks for 64 people with 4x3 photos 900 wide, of its group", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [] }));
    await load(widget("core/person_list", { group: "team" }), transport);
    await load(widget("core/person_list", { page_size: 500 }, "w2"), transport);
    expect(calls).toEqual([
      { method: "GET", path: "/api/v1/cognito/person", params: { page_size: 64, image_aspect: "4x3", image_width: 900, group: "team" } },
      { method: "GET", path: "/api/v1/cognito/person", params: { page_size: 100, image_aspect: "4x3", image_width: 900, group: undefined } },
    ]);
  });

  it("reads people tolerantly: missing text is empty and a broken photo is none", async () => {
    const { transport } = fakeTransport(() => ({
      data: [{ id: 1, first_name: "Ada", last_name: null, title: undefined, description: null, photo: { nope: true }, group: 3 }],
    }));
    expect(await load(widget("core/person_list", {}), transport)).toEqual([
      { id: 1, first_name: "Ada", last_name: "", title: "", description: "", photo: null, group: 3 },
    ]);
  });

  it("core/hero_testimonial asks for three testimonials with square images 100 wide", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [] }));
    await load(widget("core/hero_testimonial", { group: "home", page_size: 50 }), transport);
    expect(calls).toEqual([
      { method: "GET", path: "/api/v1/cognito/testimonial", params: { page_size: 3, image_aspect: "1x1", image_width: 100, group: "home" } },
    ]);
  });

  it("core/testimonial_grid asks for 12 by default and at most 100", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [] }));
    await load(widget("core/testimonial_grid", { group: 4 }), transport);
    await load(widget("core/testimonial_grid", { page_size: 1000 }, "w2"), transport);
    await load(widget("core/testimonial_grid", { page_size: "30" }, "w3"), transport);
    expect(calls.map((c) => [c.path, c.params.page_size, c.params.image_width, c.params.image_aspect, c.params.group])).toEqual([
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
