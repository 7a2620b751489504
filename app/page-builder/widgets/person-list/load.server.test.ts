import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { widget } from "~/test/content-fixtures";
import { recordingTransport } from "~/test/recording-transport";
import { loadThroughPage as load } from "~/test/widget-load";

describe("core/person_list load", () => {
  const fakeTransport = recordingTransport;

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/person_list asks for 64 people with 4x3 photos 900 wide, of its group", async () => {
    const { transport, calls } = fakeTransport(() => ({ data: [] }));
    await load(widget("core/person_list", { group: "team" }), transport);
    await load(widget("core/person_list", { page_size: 500 }, "w2"), transport);
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/api/v1/cognito/person",
        params: { page_size: 64, image_aspect: "4x3", image_width: 900, group: "team" },
      },
      {
        method: "GET",
        path: "/api/v1/cognito/person",
        params: { page_size: 100, image_aspect: "4x3", image_width: 900, group: undefined },
      },
    ]);
  });

  it("reads people tolerantly: missing text is empty and a broken photo is none", async () => {
    const { transport } = fakeTransport(() => ({
      data: [
        {
          id: 1,
          first_name: "Ada",
          last_name: null,
          title: undefined,
          description: null,
          photo: { nope: true },
          group: 3,
        },
      ],
    }));
    expect(await load(widget("core/person_list", {}), transport)).toEqual([
      { id: 1, first_name: "Ada", last_name: "", title: "", description: "", photo: null, group: 3 },
    ]);
  });
});
