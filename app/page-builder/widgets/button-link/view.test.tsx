import { describe, expect, it } from "vitest";

import type { Fields, ShowOptions } from "~/test/widgets";
import { attr, renderWidget, widgetOf } from "~/test/widgets";

import { buttonHref } from "../../shared/link-target";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/button_link", () => {
  const button = (fields: Record<string, unknown>) => show("core/button_link", { text: "Go", ...fields });
  const anchorClass = (out: string) => out.match(/<a [^>]*class="([^"]*)"/)?.[1] ?? "";

  it("links a page slug to /slug, and home to /", () => {
    expect(attr(button({ page: "about" }), "href")).toBe("/about");
    expect(attr(button({ page: "/about" }), "href")).toBe("/about");
    expect(attr(button({ page: "//evil.example" }), "href")).toBe("/evil.example");
    expect(attr(button({ page: "home" }), "href")).toBe("/");
  });

  it("links an https url as is, in the same tab", () => {
    const out = button({ url: "https://example.com/a?b=1&c=2" });
    expect(attr(out, "href")).toBe("https://example.com/a?b=1&amp;c=2");
    expect(out).not.toContain("target=");
  });

  it("accepts mailto:, tel: and same-site paths", () => {
    expect(attr(button({ url: "mailto:hi@example.com" }), "href")).toBe("mailto:hi@example.com");
    expect(attr(button({ url: "tel:+61700000000" }), "href")).toBe("tel:+61700000000");
    expect(attr(button({ url: "/catalogue" }), "href")).toBe("/catalogue");
  });

  it("links a document id to the file download", () => {
    expect(attr(button({ document: "123" }), "href")).toBe("/api/v1/cognito/default/file/123");
    expect(attr(button({ document: 45 }), "href")).toBe("/api/v1/cognito/default/file/45");
    expect(button({ document: "../etc/passwd" })).toBe("");
  });

  it("prefers page over url over document", () => {
    expect(buttonHref({ page: "p", url: "https://x.example", document: "1" })?.href).toBe("/p");
    expect(buttonHref({ url: "https://x.example", document: "1" })?.href).toBe("https://x.example");
  });

  it("opens in a new tab with rel noopener when new_tab is set", () => {
    for (const fields of [{ page: "about" }, { url: "https://example.com" }]) {
      const out = button({ ...fields, new_tab: true });
      expect(attr(out, "target")).toBe("_blank");
      expect(attr(out, "rel")).toContain("noopener");
    }
    expect(attr(button({ page: "about", new_tab: true }), "href")).toBe("/about");
  });

  it("is full width with full_width", () => {
    expect(anchorClass(button({ page: "a", full_width: true }))).toMatch(/\bw-full\b/);
    expect(anchorClass(button({ url: "https://example.com", full_width: "1" }))).toMatch(/\bw-full\b/);
    expect(anchorClass(button({ page: "a" }))).not.toMatch(/\bw-full\b/);
  });

  it("uses the colour asked for, or brand", () => {
    expect(anchorClass(button({ page: "a", colour: "danger" }))).toContain("bg-danger");
    expect(anchorClass(button({ page: "a", colour: "pink" }))).toContain("bg-brand");
    expect(anchorClass(button({ page: "a" }))).toContain("bg-brand");
  });

  it("uses brand for Object.prototype names as a colour", () => {
    for (const colour of ["constructor", "toString"]) {
      const cls = anchorClass(button({ page: "a", colour }));
      expect(cls).toContain("bg-brand");
      expect(cls).not.toContain("native code");
    }
  });

  it("falls back to the label field for its text and escapes it", () => {
    expect(show("core/button_link", { label: "<Shop>", page: "a" })).toContain("&lt;Shop&gt;");
  });

  it("renders nothing for javascript: and other unsafe urls", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "ftp://x",
    ]) {
      expect(button({ url }), url).toBe("");
    }
  });

  it("refuses a backslash protocol-relative url", () => {
    expect(button({ url: "/\\evil.example" })).toBe("");
  });

  it("renders nothing without a target or without text", () => {
    expect(button({})).toBe("");
    expect(show("core/button_link", { page: "about" })).toBe("");
  });
});
