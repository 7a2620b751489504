import { describe, expect, it } from "vitest";

import { pageSchema } from "@contract/pages";
import { count, render } from "~/test/render";

import { freeHtml, PageView } from "./page-view";
import type { WidgetEnv } from "./types";

const NOW = Date.parse("2026-06-01T12:00:00Z");
const visitor: WidgetEnv = { itemUrl: null, signedIn: false };

const html = (id: string, text: string, over: Record<string, unknown> = {}) => ({
  id,
  type: "core/html",
  fields: { html: `<p>${text}</p>` },
  ...over,
});

function page(over: Record<string, unknown> = {}) {
  return pageSchema.parse({
    id: 1,
    name: "Test",
    slug: "test",
    url: "test",
    updated_at: "2026-01-01T00:00:00Z",
    ...over,
  });
}

function view(
  p: ReturnType<typeof page>,
  opts: { tab?: string | null; search?: string; env?: WidgetEnv; url?: string } = {},
) {
  return render(
    <PageView
      page={p}
      data={{}}
      env={opts.env ?? visitor}
      now={NOW}
      tab={opts.tab ?? null}
      search={opts.search ?? ""}
    />,
    opts.url ?? "/test",
  );
}

/** Index of each needle in the output, asserting every one is present. */
function positions(out: string, needles: string[]) {
  return needles.map((n) => {
    const i = out.indexOf(n);
    expect(i, `${n} should be rendered`).toBeGreaterThanOrEqual(0);
    return i;
  });
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] < x);

describe("PageView columns rows", () => {
  const p = page({
    rows: [
      {
        row_type: "columns",
        blocks: [
          { id: "b3", sort: 3, width: 4, offset: 0, block_class: "third", widgets: [html("w3", "Block three")] },
          {
            id: "b1",
            sort: 1,
            width: 6,
            offset: 2,
            block_class: "first",
            widgets: [
              html("w1b", "Widget one-b", { sort: 2 }),
              html("w1a", "Widget one-a", { sort: 1 }),
              html("w1x", "Deleted widget", { sort: 3, deleted: true }),
            ],
          },
          { id: "b2", sort: 2, deleted: true, widgets: [html("w2", "Deleted block")] },
          { id: "b4", sort: 4, width: 99, offset: "x", widgets: [html("w4", "Bad sizes")] },
        ],
      },
    ],
  });
  const out = view(p);

  it("renders live blocks and their widgets in sort order", () => {
    expect(ascending(positions(out, ["Widget one-a", "Widget one-b", "Block three", "Bad sizes"]))).toBe(true);
  });

  it("skips deleted blocks and deleted widgets", () => {
    expect(out).not.toContain("Deleted block");
    expect(out).not.toContain("Deleted widget");
  });

  it("sizes blocks with md:col-span from width and md:col-start from offset", () => {
    expect(out).toMatch(/class="[^"]*\bmd:col-span-6\b[^"]*\bmd:col-start-3\b[^"]*\bfirst\b/);
    expect(out).toMatch(/class="[^"]*\bmd:col-span-4\b[^"]*\bthird\b/);
    // offset 0: no col-start on that block.
    expect(out).not.toMatch(/class="[^"]*md:col-start[^"]*\bthird\b/);
    // Out-of-range width falls back to the full 12 columns, a bad offset to none.
    expect(out).toContain("md:col-span-12");
    expect(count(out, "md:col-start-")).toBe(1);
    expect(out).toContain("md:grid-cols-12");
  });

  it("renders nothing for a row without live blocks", () => {
    const empty = view(
      page({ rows: [{ row_type: "columns", outer_class: "empty-row", blocks: [{ id: "x", deleted: true }] }] }),
    );
    expect(empty).not.toContain("empty-row");
  });
});

describe("PageView tabs rows", () => {
  const p = page({
    rows: [
      {
        row_type: "tabs",
        blocks: [
          { id: "t2", sort: 2, title: "Timber", widgets: [html("tw2", "Timber panel")] },
          { id: "t1", sort: 1, title: "Workshop", widgets: [html("tw1", "Workshop panel")] },
          { id: "t3", sort: 3, title: "Gone", deleted: true, widgets: [html("tw3", "Gone panel")] },
        ],
      },
    ],
  });

  /** The opening tag of the tab panel that holds `text`, and the tab whose id it names. */
  function panelOf(out: string, text: string) {
    const at = out.indexOf(text);
    expect(at, `${text} should be in the HTML`).toBeGreaterThanOrEqual(0);
    const open = out.lastIndexOf('role="tabpanel"', at);
    const tag = out.slice(out.lastIndexOf("<div", open), out.indexOf(">", open) + 1);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(tag)?.[1];
    const tabTag = new RegExp(`<a[^>]*id="${labelledBy}"[^>]*>([^<]*)<`).exec(out);
    return {
      hidden: /\shidden=""/.test(tag),
      id: /\sid="([^"]+)"/.exec(tag)?.[1],
      tab: tabTag?.[0],
      title: tabTag?.[1],
    };
  }

  it("puts every live tab's panel in the HTML, showing only the first by default", () => {
    const out = view(p);
    expect(count(out, 'role="tab"')).toBe(2);
    expect(count(out, 'role="tabpanel"')).toBe(2);
    expect(out).not.toContain("Gone panel");
    expect(panelOf(out, "Workshop panel")).toMatchObject({ hidden: false, title: "Workshop" });
    expect(panelOf(out, "Timber panel")).toMatchObject({ hidden: true, title: "Timber" });
    expect(out).toMatch(/aria-selected="true"[^>]*>Workshop</);
  });

  it("has each tab control its own panel, and each panel named by its tab", () => {
    const out = view(p);
    for (const text of ["Workshop panel", "Timber panel"]) {
      const panel = panelOf(out, text);
      expect(panel.tab).toContain(`aria-controls="${panel.id}"`);
    }
    expect(panelOf(out, "Workshop panel").id).not.toBe(panelOf(out, "Timber panel").id);
  });

  it("shows the tab named by the tab prop and hides the others", () => {
    const out = view(p, { tab: "Timber", search: "?tab=Timber" });
    expect(panelOf(out, "Timber panel").hidden).toBe(false);
    expect(panelOf(out, "Workshop panel").hidden).toBe(true);
    expect(out).toMatch(/aria-selected="true"[^>]*>Timber</);
    expect(out).toMatch(/aria-selected="false"[^>]*>Workshop</);
  });

  it("falls back to the first tab for an unknown or deleted tab name", () => {
    for (const tab of ["Nope", "Gone"]) {
      const out = view(p, { tab });
      expect(panelOf(out, "Workshop panel").hidden).toBe(false);
      expect(panelOf(out, "Timber panel").hidden).toBe(true);
      expect(out).not.toContain("Gone panel");
    }
  });

  it("links each tab to ?tab=Name and back to the row, keeping the other query params", () => {
    const out = view(p, { search: "?ref=mail&tab=Old", url: "/test?ref=mail&tab=Old" });
    // Without the runtime a tab is a document load: the fragment brings the visitor back to the row.
    expect(out).toMatch(/<div id="tabs-t1" role="tablist"/);
    expect(out).toContain('href="/test?ref=mail&amp;tab=Workshop#tabs-t1"');
    expect(out).toContain('href="/test?ref=mail&amp;tab=Timber#tabs-t1"');
  });

  it("encodes tab names in the links", () => {
    const spaced = page({
      rows: [{ row_type: "tabs", blocks: [{ id: "a", title: "Our story & more", widgets: [] }] }],
    });
    const out = view(spaced);
    expect(out).toContain('href="/test?tab=Our+story+%26+more#tabs-a"');
  });
});

describe("PageView page blocks", () => {
  const block = (id: string, text: string, over: Record<string, unknown> = {}) => ({
    id,
    template: "core/html",
    variables: { html: `<p>${text}</p>` },
    ...over,
  });
  const p = page({
    content: "<p>Free content</p>",
    pageContents: [
      block("2", "Second block", { sort_order: 2 }),
      // Wrapper settings sit on the page block itself, next to its variables (as in seeds/pages.json).
      block("1", "First block", { sort_order: 1, background_colour: "bnd", padding_top: "8", padding_bottom: 4 }),
      block("h", "Hidden block", { sort_order: 0, hidden: true }),
      block("f", "Future block", { sort_order: 0, start_time: "2026-06-02T00:00:00Z" }),
      block("p", "Past block", { sort_order: 0, end_time: "2026-06-01T11:59:59Z" }),
      block("w", "Window block", {
        sort_order: 3,
        start_time: "2026-06-01T00:00:00Z",
        end_time: "2026-06-02T00:00:00Z",
      }),
      block("d", "Deleted block", { sort_order: 0, deleted: true }),
    ],
  });
  const out = view(p);

  it("renders only the blocks visible at `now`, in sort_order", () => {
    expect(ascending(positions(out, ["First block", "Second block", "Window block"]))).toBe(true);
    for (const hidden of ["Hidden block", "Future block", "Past block", "Deleted block"])
      expect(out).not.toContain(hidden);
  });

  it("wraps a block with the colour classes of its code and its inline padding", () => {
    expect(out).toMatch(
      /<section class="bg-brand text-white frame-coloured" style="padding-top:calc\(var\(--spacing\) \* 8\);padding-bottom:calc\(var\(--spacing\) \* 4\)"><div class="mx-auto max-w-6xl px-4"><div dir="auto" class="prose-cms"><p>First block<\/p>/,
    );
  });

  it("gives a block without settings a plain wrapper", () => {
    expect(out).toContain(
      '<section><div class="mx-auto max-w-6xl px-4"><div dir="auto" class="prose-cms"><p>Second block</p>',
    );
  });

  it("renders the page's free HTML content after the blocks", () => {
    expect(ascending(positions(out, ["Window block", "Free content"]))).toBe(true);
    expect(out).toContain('<div dir="auto" class="prose-cms"><p>Free content</p></div>');
  });

  it("renders rows before page blocks", () => {
    const both = view(
      page({
        rows: [{ blocks: [{ id: "r", widgets: [html("rw", "Row widget")] }] }],
        pageContents: [block("1", "Page block")],
      }),
    );
    expect(ascending(positions(both, ["Row widget", "Page block"]))).toBe(true);
  });

  it("does not render a JSON-text list content as HTML", () => {
    const listed = view(page({ content: '  [{"type":"core/html","html":"<p>Listed</p>"}]' }));
    expect(listed).not.toContain("Listed");
    expect(listed).not.toContain("prose-cms");
    expect(freeHtml(' [{"a":1}]')).toBe("");
    expect(freeHtml("  <p>x</p> ")).toBe("<p>x</p>");
    expect(freeHtml("   ")).toBe("");
  });
});

describe("PageView unknown widgets", () => {
  const p = page({ rows: [{ blocks: [{ id: "b", widgets: [{ id: "u", type: "acme/carousel", fields: {} }] }] }] });

  it("renders nothing for a visitor", () => {
    const out = view(p);
    expect(out).not.toContain("acme/carousel");
    expect(out).not.toContain("Unknown");
  });

  it("says 'Unknown {type}' to a signed-in visitor", () => {
    const out = view(p, { env: { itemUrl: null, signedIn: true } });
    expect(out).toContain("Unknown acme/carousel");
  });

  it("does not treat Object.prototype names as widget types", () => {
    const proto = page({
      rows: [
        {
          blocks: [
            {
              id: "b",
              widgets: [
                { id: "u", type: "constructor" },
                { id: "v", type: "__proto__" },
              ],
            },
          ],
        },
      ],
    });
    expect(view(proto, { env: { itemUrl: null, signedIn: true } })).toContain("Unknown constructor");
  });
});
