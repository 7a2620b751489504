import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget, widgetOf } from "~/test/widgets";

import { loadersOf } from "./loaders.server";
import { registryOf, widgetList, widgetRegistry } from "./registry";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("every widget degrades cleanly", () => {
  const empties: [string, Record<string, unknown>][] = [
    ["no fields", {}],
    [
      "wrong types",
      {
        html: {},
        content: [],
        text: {},
        heading: [],
        label: null,
        level: [],
        code: null,
        url: ["x"],
        page: false,
        document: {},
        location: {},
        zoom: "x",
      },
    ],
  ];
  for (const type of Object.keys(widgetRegistry)) {
    for (const [label, fields] of empties) {
      it(`${type} renders nothing with ${label}`, () => {
        for (const data of [undefined, null, []]) {
          expect(show(type, fields, { data })).toBe("");
        }
      });
    }
  }
});

describe("the widget list", () => {
  it("registers each of the 21 widget types once, by its type", () => {
    expect(widgetList).toHaveLength(21);
    expect(Object.keys(widgetRegistry).sort()).toEqual(widgetList.map((w) => w.type).sort());
    for (const widget of widgetList) expect(widgetRegistry[widget.type]).toBe(widget);
  });

  it("refuses two widgets of one type", () => {
    expect(() => registryOf([...widgetList, widgetList[0]])).toThrow(`Two widgets of type ${widgetList[0].type}`);
  });

  it("builds the loader map from the same list: the widgets that load data, on the server", () => {
    const withLoad = [
      "Catalogue/group_promo",
      "Catalogue/home_hero",
      "Catalogue/list",
      "core/call_to_action",
      "core/faq",
      "core/form",
      "core/gallery",
      "core/gallery_group",
      "core/gift_voucher_purchase",
      "core/hero_quote",
      "core/hero_testimonial",
      "core/image_with_content",
      "core/link_children",
      "core/person_list",
      "core/testimonial_grid",
      "tpl/heading",
    ];
    expect(Object.keys(loadersOf(widgetList)).sort()).toEqual(withLoad.sort());
  });

  it("has one line per widget folder, and every folder keeps its fields schema and load on the server side", () => {
    const dir = fileURLToPath(new URL("./widgets/", import.meta.url));
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const list = readFileSync(path.join(dir, "index.ts"), "utf8");
    const listed = [...list.matchAll(/^export \{ \w+ \} from "\.\/([\w-]+)";$/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(folders);
    expect(widgetList).toHaveLength(folders.length);
    for (const folder of folders) {
      const files = readdirSync(path.join(dir, folder));
      expect(files, folder).toEqual(expect.arrayContaining(["index.ts", "fields.server.ts", "view.tsx"]));
      // A load and a fields schema are only ever .server modules, which the browser build replaces
      // with empty ones (so zod stays on the server): the view takes nothing but types from them.
      const view = readFileSync(path.join(dir, folder, "view.tsx"), "utf8");
      expect(view, folder).not.toMatch(/^import \{[^}]*\bload\b[^}]*\} from "\.\/load\.server"/m);
      expect(view, folder).not.toMatch(/^import (?!type )[^;]*from "\.\/fields\.server"/m);
      expect(
        files.filter((f) => /^fields\./.test(f) && !/\.server\.(test\.)?tsx?$/.test(f)),
        folder,
      ).toEqual([]);
      expect(
        files.filter((f) => /^load\./.test(f) && !/\.server\.(test\.)?tsx?$/.test(f)),
        folder,
      ).toEqual([]);
    }
  });

  it("lets a page show an item only with the catalogue list or a gallery group", () => {
    const accepting = widgetList.filter((w) => w.acceptsItem).map((w) => w.type);
    expect(accepting.sort()).toEqual(["Catalogue/list", "core/gallery_group"]);
  });

  it("reads every field of every widget as its default when the CMS sends junk", () => {
    for (const widget of widgetList) {
      const defaults = widget.parseFields(widgetOf(widget.type, {}));
      const names = Object.keys(defaults as Record<string, unknown>);
      for (const junk of [null, [{ junk: true }], { nested: [] }, Number.NaN]) {
        const fields = Object.fromEntries(names.map((name) => [name, junk]));
        // imageHashes is a record: an object is a (hash-less) record, not junk.
        if (junk !== null && typeof junk === "object" && !Array.isArray(junk)) delete fields.imageHashes;
        const label = `${widget.type} ${JSON.stringify(junk)}`;
        expect(widget.parseFields(widgetOf(widget.type, fields)), label).toEqual(defaults);
      }
    }
  });
});
