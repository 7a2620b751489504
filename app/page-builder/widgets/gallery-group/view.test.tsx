import { describe, expect, it } from "vitest";

import { gallery, HASH, summary, widget } from "~/test/gallery-fixtures";
import { count } from "~/test/render";
import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget } from "~/test/widgets";

import { pageAcceptsItem } from "../../loaders.server";
import type { GalleryGroupData } from "./load.server";

const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions = {}) =>
  renderWidget(widget(type, fields, opts.items), { data, env: { itemUrl: opts.itemUrl ?? null }, url: opts.url });

const groupData = (over: Partial<GalleryGroupData> = {}): GalleryGroupData => ({
  galleries: [summary(4, "kitchens", "Kitchens"), summary(5, "outdoor", "Outdoor")],
  gallery: null,
  pagePath: "/showcase",
  ...over,
});

describe("core/gallery_group", () => {
  it("shows a card per gallery with its first photo (4x3 at 300) linking to /{page}/{gallery url}", () => {
    const html = show("core/gallery_group", { heading: "Our work" }, groupData());
    expect(html).toMatch(/<h2[^>]*>Our work<\/h2>/);
    expect(html).toContain('href="/showcase/kitchens"');
    expect(html).toContain('href="/showcase/outdoor"');
    expect(count(html, ">View gallery<")).toBe(2);
    expect(html).toContain(`src="/assets/i/${HASH(4)}/4x3/300.jpg"`);
    expect(html).toMatch(/<h3[^>]*>Kitchens<\/h3>/);
  });

  it("takes the page path from the URL when the loader had none", () => {
    expect(show("core/gallery_group", {}, groupData({ pagePath: null }), { url: "/showcase" })).toContain(
      'href="/showcase/kitchens"',
    );
    expect(show("core/gallery_group", {}, groupData({ pagePath: null }), { url: "/" })).toContain(
      'href="/home/kitchens"',
    );
  });

  it("on /{page}/{gallery} shows that gallery's photos with a lightbox and a link back", () => {
    const html = show("core/gallery_group", { heading: "Our work" }, groupData({ gallery: gallery() }), {
      itemUrl: "kitchens",
      url: "/showcase/kitchens",
    });
    expect(html).toMatch(/<a [^>]*href="\/showcase"[^>]*>.*Back to Our work<\/a>/s);
    expect(html).toMatch(/<h2[^>]*>Kitchen tables<\/h2>/);
    expect(html).toContain(`src="/assets/i/${HASH(1)}/4x3/400.jpg"`);
    expect(html).toContain('data-pswp-width="1920"');
    expect(html).not.toContain("View gallery");
  });

  it("makes its page accept /{page}/{item} URLs", () => {
    expect(pageAcceptsItem([widget("core/gallery_group")])).toBe(true);
    expect(pageAcceptsItem([widget("core/gallery")])).toBe(false);
  });

  it("renders nothing without galleries", () => {
    expect(show("core/gallery_group", { heading: "Our work" }, groupData({ galleries: [] }))).toBe("");
    expect(show("core/gallery_group", { heading: "Our work" }, null)).toBe("");
  });
});
