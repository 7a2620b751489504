import { describe, expect, it } from "vitest";

import type { Widget } from "@contract/pages";
import { chairs, tables } from "~/test/catalogue-fixtures";
import { renderWidget } from "~/test/widgets";

const widget = (type: string, fields: Record<string, unknown> = {}): Widget => ({
  id: "w1",
  type,
  sort: 0,
  deleted: false,
  fields,
  items: [],
});
const show = (type: string, data: unknown, itemUrl: string | null = null, fields: Record<string, unknown> = {}) =>
  renderWidget(widget(type, fields), { data, env: { itemUrl } });

describe("Catalogue/group_promo", () => {
  it("links a card per category to /catalogue/{slug} with a 'View Now' button and its picture", () => {
    const html = show("Catalogue/group_promo", [tables, chairs]);
    expect(html).toContain('href="/catalogue/table-settings"');
    expect(html).toContain('href="/catalogue/chairs"');
    expect(html.match(/>View Now</g)).toHaveLength(2);
    expect(html).toContain('type="image/avif"');
    expect(html).toMatch(/width="600" height="450"/);
    expect(html).toContain('loading="lazy"');
  });
});
