/** What visitors see of a page's content, and when it changes next: the rules of visibility.ts. */
import { describe, expect, it } from "vitest";

import { visibleContent } from "./visibility";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-23T00:00:00Z");
const TZ = "Australia/Brisbane";

const block = (name: string, settings: Record<string, unknown> = {}) => ({
  id: name,
  name,
  template: "core/html",
  variables: { html: name },
  hidden: false,
  deleted: false,
  start_time: null as string | null,
  end_time: null as string | null,
  ...settings,
});
const widget = (id: string, wrapper?: Record<string, unknown>, deleted = false) => ({
  id,
  type: "core/html",
  deleted,
  fields: { html: id },
  ...(wrapper ? { wrapper } : {}),
});
const row = (...widgets: unknown[]) => ({ row_type: "columns", blocks: [{ id: "b", deleted: false, widgets }] });

const names = (content: ReturnType<typeof visibleContent>) => ({
  blocks: content.pageContents.map((b) => b.name),
  widgets: content.rows.flatMap((r) =>
    (r as { blocks: { widgets: { id: string }[] }[] }).blocks.flatMap((b) => b.widgets.map((w) => w.id)),
  ),
});

describe("visibleContent", () => {
  it("leaves out page blocks outside start/end, switched off, or outside their hidden window", () => {
    const content = visibleContent(
      {
        rows: [],
        pageContents: [
          block("always"),
          block("running", { start_time: "2026-01-01T00:00:00Z", end_time: "2030-12-31T00:00:00Z" }),
          block("expired", { start_time: "2024-12-01T00:00:00Z", end_time: "2025-01-31T00:00:00Z" }),
          block("not started", { start_time: "2027-01-01T00:00:00Z" }),
          block("off", { visibility: "0" }),
          block("hidden before", { hidden_before: "2026-12-01" }),
          block("hidden after", { hidden_after: "2026-11-01" }),
        ],
      },
      NOW,
      TZ,
    );
    expect(names(content).blocks).toEqual(["always", "running"]);
  });

  it("leaves out row widgets switched off, deleted or outside their window, and deleted row blocks", () => {
    const rows = [
      row(
        widget("shown"),
        widget("off", { visibility: 0 }),
        widget("off-text", { visibility: "false" }),
        widget("christmas-2031", { hidden_before: "2031-12-01T00:00:00Z" }),
        widget("easter-2025", { hidden_after: "2025-04-30T00:00:00Z" }),
        widget("deleted", undefined, true),
        widget("styled", { background_colour: "bnd", visibility: 1 }),
      ),
      { row_type: "columns", blocks: [{ id: "gone", deleted: true, widgets: [widget("in-deleted-block")] }] },
      "not a row",
    ];
    const content = visibleContent({ rows, pageContents: [] }, NOW, TZ);
    expect(names({ ...content, rows: content.rows.slice(0, 2) }).widgets).toEqual(["shown", "styled"]);
    expect(content.rows[2]).toBe("not a row");
    // The row keeps everything else it says, in the order it says it.
    expect(Object.keys(content.rows[0] as object)).toEqual(["row_type", "blocks"]);
  });

  it("keeps everything given in an editor's preview, and still says when the public view changes", () => {
    const rows = [
      row(widget("off", { visibility: 0 }), widget("christmas-2031", { hidden_before: "2031-12-01T00:00:00Z" })),
    ];
    const expired = block("expired", { end_time: "2025-01-31T00:00:00Z" });
    const content = visibleContent({ rows, pageContents: [expired] }, NOW, TZ, true);
    expect(names(content)).toEqual({ blocks: ["expired"], widgets: ["off", "christmas-2031"] });
    expect(content.next_change_at).toBe("2031-12-01T00:00:00.000Z");
  });

  it("says when something next appears or disappears, ignoring what never shows again", () => {
    const content = (pageContents: ReturnType<typeof block>[], rows: unknown[] = []) =>
      visibleContent({ rows, pageContents }, NOW, TZ).next_change_at;
    expect(content([block("always")])).toBeNull();
    expect(content([block("running", { end_time: "2030-12-31T00:00:00Z" })])).toBe("2030-12-31T00:00:00.000Z");
    expect(content([block("later", { start_time: "2027-01-01T00:00:00Z", end_time: "2027-02-01T00:00:00Z" })])).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    // Ended, switched off, or a window that closes before it opens: nothing will change.
    expect(content([block("ended", { end_time: "2025-01-31T00:00:00Z", hidden_before: "2031-01-01" })])).toBeNull();
    expect(content([block("off", { visibility: 0, start_time: "2027-01-01T00:00:00Z" })])).toBeNull();
    expect(
      content([block("empty", { start_time: "2027-02-01T00:00:00Z", end_time: "2027-01-01T00:00:00Z" })]),
    ).toBeNull();
    // The earliest of the page's blocks and row widgets.
    const rows = [
      row(
        widget("christmas-2031", { hidden_before: "2031-12-01T00:00:00Z" }),
        widget("sale", { hidden_after: "2029-06-30T14:00:00Z" }),
      ),
    ];
    expect(content([block("running", { end_time: "2030-12-31T00:00:00Z" })], rows)).toBe("2029-06-30T14:00:00.000Z");
  });

  it("reads zone-less times on the site's clock", () => {
    const rows = [row(widget("christmas", { hidden_before: "2031-12-01" }))];
    expect(visibleContent({ rows, pageContents: [] }, NOW, "Australia/Perth").next_change_at).toBe(
      "2031-11-30T16:00:00.000Z",
    );
    expect(visibleContent({ rows, pageContents: [] }, NOW, TZ).next_change_at).toBe("2031-11-30T14:00:00.000Z");
    // Shown from 10 am Brisbane time, which is midnight UTC: one minute before, it is still hidden.
    const morning = [row(widget("from-ten", { hidden_before: "2026-11-23 10:00" }))];
    expect(names(visibleContent({ rows: morning, pageContents: [] }, NOW - 60_000, TZ)).widgets).toEqual([]);
    expect(names(visibleContent({ rows: morning, pageContents: [] }, NOW, TZ)).widgets).toEqual(["from-ten"]);
  });
});
