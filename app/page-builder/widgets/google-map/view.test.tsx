import { describe, expect, it } from "vitest";

import type { Fields, ShowOptions } from "~/test/widgets";
import { attr, renderWidget, widgetOf } from "~/test/widgets";

import { mapEmbedUrl } from "./view";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/google_map", () => {
  const map = (fields: Record<string, unknown>) => show("core/google_map", { location: "Yandina QLD", ...fields });
  const src = (out: string) => new URL((attr(out, "src") ?? "").replaceAll("&amp;", "&"));
  const style = (out: string) => out.match(/<iframe[^>]*\sstyle="([^"]*)"/)?.[1] ?? "";

  it("embeds the location from maps.google.com.au in English", () => {
    const url = src(map({}));
    expect(url.origin).toBe("https://maps.google.com.au");
    expect(url.pathname).toBe("/maps");
    expect(url.searchParams.get("q")).toBe("Yandina QLD");
    expect(url.searchParams.get("hl")).toBe("en");
    expect(url.searchParams.get("output")).toBe("embed");
    expect(url.searchParams.get("z")).toBe("14");
    expect(mapEmbedUrl("A & B", 3)).toBe("https://maps.google.com.au/maps?q=A+%26+B&z=3&hl=en&output=embed");
  });

  it("clamps the zoom to 1–21", () => {
    expect(src(map({ zoom: 0 })).searchParams.get("z")).toBe("1");
    expect(src(map({ zoom: -5 })).searchParams.get("z")).toBe("1");
    expect(src(map({ zoom: 99 })).searchParams.get("z")).toBe("21");
    expect(src(map({ zoom: "17" })).searchParams.get("z")).toBe("17");
    expect(src(map({ zoom: "close" })).searchParams.get("z")).toBe("14");
  });

  it("sizes the map: width 100% stays, a numeric height becomes px", () => {
    const s = style(map({ width: "100%", height: 325 }));
    expect(s).toContain("width:100%");
    expect(s).toContain("height:325px");
    expect(style(map({ width: "600", height: "20rem" }))).toMatch(/width:600px;height:20rem/);
  });

  it("defaults to 100% by 325px", () => {
    expect(style(map({}))).toMatch(/width:100%;height:325px/);
  });

  it("ignores a malicious width or height", () => {
    const s = style(map({ width: "100%;background:url(x)", height: "1px;position:fixed" }));
    expect(s).toMatch(/width:100%;height:325px/);
    expect(s).not.toContain("background");
    expect(s).not.toContain("position");
  });

  it("shows the location on a sign, with a directions link, when show_sign is set", () => {
    const out = map({ show_sign: true });
    expect(out).toContain("<figcaption");
    expect(out).toContain('<span class="font-medium">Yandina QLD</span>');
    expect(out).toContain(">Get directions</a>");
    expect(out).toContain("https://maps.google.com.au/maps?daddr=Yandina+QLD&amp;hl=en");
    expect(map({})).not.toContain("<figcaption");
  });

  it("titles the iframe with the location", () => {
    expect(attr(map({}), "title")).toBe("Map of Yandina QLD");
  });

  it("renders nothing without a location", () => {
    expect(show("core/google_map", { zoom: 10 })).toBe("");
  });
});
