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
    const widget = defineWidget({ type: "t/one", fields, View: () => null });
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
    const widget = defineWidget({ type: "t/two", fields, View, load: async () => ({ n: 1 }) });
    const w = widgetOf("t/two", { heading: 5 }, [], "w5");
    const env = { itemUrl: null, signedIn: true };
    expect(render(widget.render({ widget: w, data: { n: 2 }, env }))).toBe('<p id="w5" title="true">5 2</p>');
    for (const data of [undefined, null]) {
      expect(render(widget.render({ widget: w, data, env }))).toBe('<p id="w5" title="true">5 none</p>');
    }
  });

  it("gives its load the page's context, the widget and the parsed fields", async () => {
    const load = vi.fn(async ({ fields: f }: WidgetLoadArgs<Fields>) => f.heading.length);
    const widget = defineWidget({ type: "t/three", fields, View: () => null, load });
    const transport = { anonymous: true } as Transport;
    const w = widgetOf("t/three", { heading: ["junk"] });
    await expect(widget.loadData?.(w, { transport, itemUrl: "x", pagePath: "/p" })).resolves.toBe(5);
    const args = { transport, itemUrl: "x", pagePath: "/p", widget: w, fields: { heading: "Hello" } };
    expect(load).toHaveBeenCalledWith(args);
  });

  it("has no load to run without one, and accepts no item unless it says so", () => {
    const widget = defineWidget({ type: "t/four", fields, View: () => null });
    expect(widget.loadData).toBeUndefined();
    expect(widget.acceptsItem).toBe(false);
    expect(defineWidget({ type: "t/five", fields, View: () => null, acceptsItem: true }).acceptsItem).toBe(true);
  });
});
