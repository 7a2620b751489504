import { describe, expect, it } from "vitest";

import type { Widget } from "@contract/pages";
import { blockSchema, pageSchema, rowSchema } from "@contract/pages";
import { seedPage } from "~/lib/api/seed-fallback.server";
import { render } from "~/test/render";

import seedPages from "../../seeds/pages.json";
import type { WidgetDefinition } from "./define-widget";
import { defineWidget } from "./define-widget";
import { pageForBrowser, pageWidgets } from "./loaders.server";
import { pageBlockWidget } from "./page-blocks";
import { getWidget, widgetList } from "./registry";
import type { WidgetEnv } from "./types";

const NOW = Date.parse("2026-06-01T12:00:00Z");
const env: WidgetEnv = { itemUrl: null, signedIn: false };

/**
 * A widget as the browser builds it: the compiler empties its `fields.server.ts`, so the
 * definition has no schema there.
 */
function inTheBrowser<F extends object, D>(definition: WidgetDefinition<F, D>) {
  const emptied: Record<string, unknown> = {};
  return defineWidget<F, D>({
    type: definition.type,
    fields: emptied.schema as WidgetDefinition<F, D>["fields"],
    View: definition.View,
    browser: false,
  });
}

const browserWidgets = new Map(widgetList.map((w) => [w.type, inTheBrowser(w as WidgetDefinition<object, unknown>)]));

/** Every widget of every seeded page, as the server has it and as the page's data carries it. */
const seeded = seedPages.flatMap(({ url }) => {
  const page = seedPage(url)!;
  const sent = pageForBrowser(page);
  const sentWidgets = [
    ...sent.rows.flatMap((r) => r.blocks.flatMap((b) => b.widgets)),
    ...sent.pageContents.map((pb) => pageBlockWidget(pb)),
  ];
  return pageWidgets(page, NOW).map((server) => ({
    url,
    server,
    sent: sentWidgets.find((w) => w.id === server.id)!,
  }));
});

/** Every widget type again with fields as a careless editor might leave them: numbers, wrong types, odd case. */
const careless = widgetList.map(({ type }) => {
  const fields = {
    heading: 42,
    text: 7,
    html: 3,
    level: "H2",
    zoom: "12",
    useLightbox: "0",
    layout: "slider",
    count: "3",
  };
  const server: Widget = { id: `careless-${type}`, type, sort: 0, deleted: false, items: [], fields };
  const page = pageSchema.parse({ id: 1, name: "P", slug: "p", url: "p", updated_at: "2026-01-01T00:00:00Z" });
  const sent = pageForBrowser({
    ...page,
    rows: [{ ...rowSchema.parse({}), blocks: [blockSchema.parse({ id: "b", widgets: [server] })] }],
  });
  return { url: "careless", server, sent: sent.rows[0].blocks[0].widgets[0] };
});

describe("widget fields parsed on the server for the browser", () => {
  it("covers every widget type on the seeded pages", () => {
    expect(new Set(seeded.map((s) => s.server.type)).size).toBeGreaterThanOrEqual(20);
  });

  it("render in the browser, which has no schema, exactly as on the server", () => {
    for (const { url, server, sent } of [...seeded, ...careless]) {
      const definition = getWidget(server.type)!;
      const onServer = render(definition.render({ widget: server, data: null, env }));
      const inBrowser = render(browserWidgets.get(server.type)!.render({ widget: sent, data: null, env }));
      expect(inBrowser, `${url} ${server.id}`).toBe(onServer);
    }
  });

  it("read again on the server, give the same object (so the server renders what the browser hydrates)", () => {
    for (const { server, sent } of [...seeded, ...careless]) {
      const definition = getWidget(server.type)!;
      expect(definition.parseFields(sent), server.id).toBe(sent.fields);
      // And parsing them afresh changes nothing: the field types are idempotent.
      expect(definition.parseFields({ fields: structuredClone(sent.fields) }), server.id).toEqual(
        definition.parseFields(server),
      );
    }
  });

  it("drop what the schema does not name, keep a page block's items, and keep nothing of unknown types", () => {
    const page = seedPage("about")!;
    const withJunk = {
      ...page,
      rows: [
        {
          ...page.rows[0],
          blocks: [
            {
              ...page.rows[0].blocks[0],
              widgets: [
                {
                  id: "h",
                  type: "core/heading",
                  sort: 0,
                  deleted: false,
                  items: [],
                  fields: { text: "Hi", secret: 1 },
                },
                { id: "u", type: "core/unknown", sort: 1, deleted: false, items: [], fields: { anything: "x" } },
              ] satisfies Widget[],
            },
          ],
        },
      ],
      pageContents: [
        {
          id: "1",
          sort_order: 0,
          name: "",
          template: "core/faq",
          variables: { heading: "Q", items: [{ name: "A?", content: "B" }], junk: true },
          hidden: false,
          start_time: null,
          end_time: null,
          deleted: false,
        },
      ],
    };
    const sent = pageForBrowser(withJunk);
    const [heading, unknown] = sent.rows[0].blocks[0].widgets;
    expect(heading.fields).toMatchObject({ text: "Hi" });
    expect(heading.fields).not.toHaveProperty("secret");
    expect(unknown.fields).toEqual({});
    expect(sent.pageContents[0].variables).toEqual({
      heading: "Q",
      group: null,
      // The paging fields, defaulted (decision 071).
      limit: 100,
      offset: 0,
      pagination_class: "",
      items: [{ name: "A?", content: "B" }],
    });
  });
});
