import type { ComponentProps } from "react";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";

import { quotesWidget } from "~/test/recipe-widget";
import type { load } from "~/test/recipe-widget/load.server";
import { recordingTransport } from "~/test/recording-transport";
import { render } from "~/test/render";
import { widgetOf } from "~/test/widgets";

import type { WidgetData } from "./define-widget";
import { loadersOf, loadWidgetData } from "./loaders.server";
import { getWidget, registryOf, widgetList } from "./registry";
import type { WidgetEnv } from "./types";

/**
 * The recipe of docs/architecture.md: a widget is one folder (app/test/recipe-widget here:
 * fields.ts, view.tsx, load.server.ts, index.ts) plus one line in the list.
 */
describe("a widget added by the recipe", () => {
  const list = [...widgetList, quotesWidget];
  const registry = registryOf(list);
  const loaders = loadersOf(list);
  const env: WidgetEnv = { itemUrl: null, signedIn: false };
  const answer = {
    data: [
      { id: 1, name: "Ada", content: "<p>Lovely</p>" },
      { id: 2, name: "Grace", content: "<p>Sturdy</p>" },
    ],
  };

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("is registered from the list, for rendering and for loading", () => {
    expect(getWidget("test/quotes", registry)).toBe(quotesWidget);
    expect(Object.keys(registry)).toHaveLength(widgetList.length + 1);
    expect(Object.keys(loaders)).toContain("test/quotes");
    // The site's own list does not have it.
    expect(getWidget("test/quotes")).toBeUndefined();
  });

  it("types its view's fields from its schema and its view's data from its load", () => {
    type ViewProps = ComponentProps<typeof quotesWidget.View>;
    expectTypeOf<ViewProps["fields"]>().toEqualTypeOf<{ heading: string; group: string; count: number }>();
    expectTypeOf<WidgetData<typeof load>>().toEqualTypeOf<{ names: string[] }>();
    expectTypeOf<ViewProps["data"]>().toEqualTypeOf<{ names: string[] } | null>();
  });

  it("loads with its fields parsed, and its view shows what the load returned", async () => {
    const { transport, calls } = recordingTransport(() => answer);
    const widget = widgetOf("test/quotes", { heading: "Customers say", group: "home", count: "2" }, [], "q1");
    const data = await loadWidgetData([widget], { transport, itemUrl: null }, loaders);
    const params = { page_size: 2, image_aspect: "1x1", image_width: 100, group: "home" };
    expect(calls).toEqual([{ method: "GET", path: "/api/v1/cognito/testimonial", params }]);
    expect(data).toEqual({ q1: { names: ["Ada", "Grace"] } });
    const html = render(registry["test/quotes"].render({ widget, data: data.q1, env }));
    expect(html).toBe(
      '<section aria-label="Customers say"><h2>Customers say</h2><ul><li>Ada</li><li>Grace</li></ul></section>',
    );
  });

  it("reads junk from the CMS as its fields' defaults, in the load and in the view", async () => {
    const junk = { heading: { html: "<b>x</b>" }, group: ["home"], count: "many" };
    const widget = widgetOf("test/quotes", junk, [], "q2");
    expect(quotesWidget.parseFields(widget)).toEqual({ heading: "Kind words", group: "", count: 3 });
    const { transport, calls } = recordingTransport(() => answer);
    const data = await loadWidgetData([widget], { transport, itemUrl: null }, loaders);
    expect(calls[0].params).toMatchObject({ page_size: 3, group: undefined });
    expect(render(registry["test/quotes"].render({ widget, data: data.q2, env }))).toContain("<h2>Kind words</h2>");
  });

  it("gets null when its load fails, and renders nothing then", async () => {
    const { transport } = recordingTransport(() => Promise.reject(new Error("down")));
    const widget = widgetOf("test/quotes", {}, [], "q3");
    const data = await loadWidgetData([widget], { transport, itemUrl: null }, loaders);
    expect(data).toEqual({ q3: null });
    expect(render(registry["test/quotes"].render({ widget, data: data.q3, env }))).toBe("");
  });
});
