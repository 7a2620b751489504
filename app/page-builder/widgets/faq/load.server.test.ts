import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { widget } from "~/test/gallery-fixtures";
import { recordingTransport, upstreamNotFound } from "~/test/recording-transport";
import { loadOf } from "~/test/widget-load";

import { faqWidget } from ".";

/** The shared recording transport, answering from (method, path, params). */
const fakeTransport = (answer: (method: "GET" | "POST", path: string, params: Record<string, unknown>) => unknown) =>
  recordingTransport(({ method, path, params }) => answer(method, path, params));
const notFound = upstreamNotFound;
const loadFaq = loadOf(faqWidget);

describe("core/faq load", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("core/faq loads the questions of its group, and nothing without one", async () => {
    const { transport, calls } = fakeTransport(() => ({
      data: [{ id: 1, name: "Q?", content: null, group: "Delivery" }, { broken: true }],
    }));
    expect(await loadFaq(widget("core/faq", { group: "Delivery" }), { transport, itemUrl: null })).toEqual([
      { id: 1, name: "Q?", content: "", group: "Delivery" },
    ]);
    expect(calls).toEqual([
      { method: "GET", path: "/api/v1/cognito/faq", params: { group: "Delivery", page_size: 500 } },
    ]);
    expect(await loadFaq(widget("core/faq", {}), { transport, itemUrl: null })).toBeUndefined();
    expect(await loadFaq(widget("core/faq", { group: "" }), { transport, itemUrl: null })).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it("core/faq: an unknown group is no questions", async () => {
    const { transport } = fakeTransport((_m, path) => {
      throw notFound(path);
    });
    expect(await loadFaq(widget("core/faq", { group: 99 }), { transport, itemUrl: null })).toEqual([]);
  });
});
