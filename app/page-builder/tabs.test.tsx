import { describe, expect, it } from "vitest";

import { pageSchema } from "@contract/pages";
import { render } from "~/test/render";

import { PageView } from "./page-view";
import { tabsAnchor } from "./tabs";

const widget = (id: string, text: string) => ({ id, type: "core/html", fields: { html: `<p>${text}</p>` } });

const page = pageSchema.parse({
  id: 1,
  name: "Test",
  slug: "test",
  url: "test",
  updated_at: "2026-01-01T00:00:00Z",
  rows: [
    { row_type: "columns", blocks: [{ id: "intro", title: "Intro", widgets: [widget("w0", "Hello")] }] },
    {
      row_type: "tabs",
      blocks: [
        { id: "gone", title: "Old", deleted: true, sort: 0, widgets: [] },
        { id: "story block", title: "Our story", sort: 1, widgets: [widget("w1", "Story")] },
        { id: "timber", title: "Our timber", sort: 2, widgets: [widget("w2", "Timber")] },
      ],
    },
    { row_type: "tabs", blocks: [{ id: "care", title: "Care", widgets: [widget("w3", "Oil it")] }] },
  ],
});

describe("tabsAnchor (where ?tab= puts the visitor)", () => {
  it("names the tab list of the row that has the asked tab", () => {
    expect(tabsAnchor(page.rows, "Our timber")).toBe("tabs-story-block");
    expect(tabsAnchor(page.rows, "Care")).toBe("tabs-care");
  });

  it("is null with no tab, an unknown tab, a deleted tab or a columns row's block title", () => {
    expect(tabsAnchor(page.rows, null)).toBeNull();
    expect(tabsAnchor(page.rows, "Nothing")).toBeNull();
    expect(tabsAnchor(page.rows, "Old")).toBeNull();
    expect(tabsAnchor(page.rows, "Intro")).toBeNull();
  });

  it("is the id the page renders on that row's tab list", () => {
    const html = render(
      <PageView
        page={page}
        data={{}}
        env={{ itemUrl: null, signedIn: false }}
        now={0}
        tab="Our timber"
        search="?tab=Our+timber"
      />,
      "/test?tab=Our+timber",
    );
    expect(html).toMatch(new RegExp(`<div id="${tabsAnchor(page.rows, "Our timber")}" role="tablist"`));
    expect(html).toMatch(new RegExp(`<div id="${tabsAnchor(page.rows, "Care")}" role="tablist"`));
  });
});
