import { describe, expect, it } from "vitest";

import type { Link } from "@contract/site";
import { count } from "~/test/render";
import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget, widgetOf } from "~/test/widgets";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/link_children", () => {
  const links: Link[] = [
    { name: "Instagram", link: "https://instagram.com/dovetail", icon: "" },
    { name: "Evil", link: "javascript:alert(1)", icon: "" },
    { name: "Data", link: "data:text/html,x", icon: "" },
    { name: "Mail", link: "mailto:hi@example.com", icon: "" },
    { name: "Local", link: "/catalogue", icon: "" },
  ];

  it("lists the links, each opening in a new tab", () => {
    const out = show("core/link_children", { parent: "social" }, { data: links });
    expect(out).toContain(">Instagram</a>");
    expect(out).toContain('href="https://instagram.com/dovetail"');
    expect(out).toContain(">Mail</a>");
    expect(out).toContain(">Local</a>");
    expect(count(out, "<a ")).toBe(3);
    expect(count(out, 'target="_blank"')).toBe(3);
    expect(count(out, 'rel="noopener noreferrer"')).toBe(3);
  });

  it("drops links that are not http(s), mailto, tel or a path", () => {
    const out = show("core/link_children", {}, { data: links });
    expect(out).not.toContain("javascript:");
    expect(out).not.toContain("Evil");
    expect(out).not.toContain("data:");
  });

  it("has the heading 'Links' by default, or its own", () => {
    const plain = show("core/link_children", {}, { data: links });
    expect(plain).toContain('aria-label="Links"');
    expect(plain).toContain(">Links</h2>");
    const named = show("core/link_children", { heading: "Follow us" }, { data: links });
    expect(named).toContain(">Follow us</h2>");
    expect(named).toContain('aria-label="Follow us"');
  });

  it("renders nothing with no data, a failed load (null) or only unsafe links", () => {
    expect(show("core/link_children", {}, { data: undefined })).toBe("");
    expect(show("core/link_children", {}, { data: null })).toBe("");
    expect(show("core/link_children", {}, { data: [links[1]] })).toBe("");
  });
});
