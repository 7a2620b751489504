import { describe, expect, it, vi } from "vitest";

import type { Transport } from "~/lib/api/transport.server";
import { render } from "~/test/render";
import { widgetOf } from "~/test/widgets";

import type { WidgetLoadArgs, WidgetViewProps } from "./define-widget";
import { defineWidget } from "./define-widget";
import { text, widgetFields } from "./fields";

const fields = widgetFields({ heading: text("Hello") });
type Fields = { heading: string };

describe("defineWidget", () => {
  it("parses a widget's fields once per fields object", () => {
    const parse = vi.spyOn(fields, "parse");
    const widget = defineWidget({ type: "t/one", fields, View: () => null, browser: false });
    const w = widgetOf("t/one", { heading: "Hi" });
    const first = widget.parseFields(w);
    expect(first).toEqual({ heading: "Hi" });
    expect(widget.parseFields(w)).toBe(first);
    expect(widget.parseFields({ ...w })).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(widget.parseFields(widgetOf("t/one", { heading: "Hi" }))).not.toBe(first);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });

  it("renders its view with the parsed fields, the widget and its data (null when there is none)", () => {
    const View = ({ widget, fields: f, data, env }: WidgetViewProps<Fields, { n: number }>) => (
      <p id={widget.id} title={String(env.signedIn)}>{`${f.heading} ${data === null ? "none" : data.n}`}</p>
    );
    const widget = defineWidget({ type: "t/two", fields, View, load: async () => ({ n: 1 }), browser: false });
    const w = widgetOf("t/two", { heading: 5 }, [], "w5");
    const env = { itemUrl: null, signedIn: true };
    expect(render(widget.render({ widget: w, data: { n: 2 }, env }))).toBe('<p id="w5" title="true">5 2</p>');
    for (const data of [undefined, null]) {
      expect(render(widget.render({ widget: w, data, env }))).toBe('<p id="w5" title="true">5 none</p>');
    }
  });

  it("gives its load the page's context, the widget and the parsed fields", async () => {
    const load = vi.fn(async ({ fields: f }: WidgetLoadArgs<Fields>) => f.heading.length);
    const widget = defineWidget({ type: "t/three", fields, View: () => null, load, browser: false });
    const transport = { anonymous: true } as Transport;
    const w = widgetOf("t/three", { heading: ["junk"] });
    await expect(widget.loadData?.(w, { transport, itemUrl: "x", pagePath: "/p" })).resolves.toBe(5);
    const args = { transport, itemUrl: "x", pagePath: "/p", widget: w, fields: { heading: "Hello" } };
    expect(load).toHaveBeenCalledWith(args);
  });

  it("has no load to run without one, and accepts no item unless it says so", () => {
    const widget = defineWidget({ type: "t/four", fields, View: () => null, browser: false });
    expect(widget.loadData).toBeUndefined();
    expect(widget.acceptsItem).toBe(false);
    expect(
      defineWidget({ type: "t/five", fields, View: () => null, acceptsItem: true, browser: false }).acceptsItem,
    ).toBe(true);
  });

  it("says whether it needs the browser: always, never, or from its parsed fields and its data", () => {
    const never = defineWidget({ type: "t/six", fields, View: () => null, browser: false });
    const always = defineWidget({ type: "t/seven", fields, View: () => null, browser: true });
    const decide = vi.fn((f: Fields, data: { n: number } | null) => f.heading === "JS" && (data?.n ?? 0) > 1);
    const sometimes = defineWidget({
      type: "t/eight",
      fields,
      View: () => null,
      load: async () => ({ n: 1 }),
      browser: decide,
    });
    const js = widgetOf("t/eight", { heading: "JS" });
    expect(never.needsBrowser(js, { n: 2 })).toBe(false);
    expect(always.needsBrowser(js, undefined)).toBe(true);
    expect(sometimes.needsBrowser(js, { n: 2 })).toBe(true);
    expect(sometimes.needsBrowser(js, { n: 1 })).toBe(false);
    expect(sometimes.needsBrowser(widgetOf("t/eight", { heading: "HTML" }), { n: 2 })).toBe(false);
    // The predicate gets the fields parsed (defaults filled in) and null for missing data.
    expect(sometimes.needsBrowser(widgetOf("t/eight", { heading: ["junk"] }), undefined)).toBe(false);
    expect(decide).toHaveBeenLastCalledWith({ heading: "Hello" }, null);
  });
});
