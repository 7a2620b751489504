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
    // Back to the group's cards, where they sit on the page.
    expect(html).toMatch(/<a [^>]*href="\/showcase#gallery-group-w9"[^>]*>.*Back to Our work<\/a>/s);
    // The gallery is the page: its name is the h1.
    expect(html).toMatch(/<h1[^>]*>Kitchen tables<\/h1>/);
    expect(html).toContain(`src="/assets/i/${HASH(1)}/4x3/400.jpg"`);
    expect(html).toContain('data-pswp-width="1920"');
    // Each photo opens its page under the gallery's own address.
    expect(html).toContain('href="/showcase/kitchens?gallery=w9&amp;photo=1"');
    expect(html).not.toContain("View gallery");
  });

  it("on a photo's page of the gallery, shows the photo with the way back to the gallery's page", () => {
    const html = renderWidget(widget("core/gallery_group", { heading: "Our work" }), {
      data: groupData({ gallery: gallery() }),
      env: { itemUrl: "kitchens", photo: 1 },
      url: "/showcase/kitchens",
    });
    expect(html).toMatch(/<h1[^>]*>Kitchen tables<\/h1>/);
    expect(html).toContain("Photo 1 of 2");
    expect(html).toMatch(/<a [^>]*href="\/showcase\/kitchens#gallery-w9"[^>]*>.*Back to Kitchen tables<\/a>/s);
    expect(html).not.toContain("Back to Our work");
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
