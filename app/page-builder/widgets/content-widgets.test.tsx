import { describe, expect, it } from "vitest";
import { count, render } from "~/test/render";
import type { WidgetEnv } from "../types";
import { WidgetView } from "../widget-view";
import { widgetFields } from "../fields";
import { buttonFields, linkTarget as linkTargetOf } from "../shared/link-target";
import { HASH_A, HASH_B, person, testimonial, widget } from "~/test/content-fixtures";
import { testImage } from "~/test/test-images";

const image = testImage;

/** linkTarget of a widget's raw button fields, parsed as the widget parses them. */
const buttonSchema = widgetFields(buttonFields);
const linkTarget = (raw: Record<string, unknown>) => linkTargetOf(buttonSchema.parse(raw));

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  render(<WidgetView widget={widget(type, fields)} data={data} env={{ itemUrl: null, signedIn: false, ...env }} />);

/** The opening tag of the first element whose attributes match. */
const tagWith = (html: string, pattern: RegExp) => html.match(new RegExp(`<[a-z0-9]+[^>]*${pattern.source}[^>]*>`))?.[0] ?? "";

describe("core/image_with_content", () => {
  const fields = { heading: "Made to last", html: "<p>Solid <em>hardwood</em>.</p>", button_text: "About us", button_link: "about" };
  const data = { image: image(HASH_A, "16x9", 1920, 1080) };

  it("shows its heading, rich text, 16x9 image and a same-site button", () => {
    const html = show("core/image_with_content", fields, data);
    expect(html).toMatch(/<h2[^>]*>Made to last<\/h2>/);
    expect(html).toContain("<p>Solid <em>hardwood</em>.</p>");
    expect(html).toContain(`/assets/i/${HASH_A}/16x9/1920.avif`);
    expect(html).toMatch(/width="1920" height="1080"/);
    expect(html).toContain("(min-width: 768px) 50vw");
    expect(html).toContain("md:grid-cols-2");
    const button = tagWith(html, /href="\/about"/);
    expect(button).toBeTruthy();
    expect(button).not.toContain("target=");
  });

  it("puts the image at the end for image_position right, at the start otherwise", () => {
    const imageBox = (html: string) => html.match(/<div class="([^"]*)"><picture>/)?.[1] ?? "";
    expect(imageBox(show("core/image_with_content", { ...fields, image_position: "right" }, data))).toContain("md:order-last");
    expect(imageBox(show("core/image_with_content", { ...fields, image_position: "left" }, data))).not.toContain("md:order-last");
    expect(imageBox(show("core/image_with_content", fields, data))).not.toContain("md:order-last");
  });

  it("opens an external link in a new tab safely when button_target is blank", () => {
    const html = show("core/image_with_content", { ...fields, button_link: "https://example.com/x", button_target: "blank" }, data);
    const a = tagWith(html, /href="https:\/\/example.com\/x"/);
    expect(a).toContain('target="_blank"');
    expect(a).toContain('rel="noopener noreferrer"');
  });

  it("leaves out an unsafe link's button, and the image when the load failed", () => {
    const html = show("core/image_with_content", { ...fields, button_link: "javascript:alert(1)" }, null);
    expect(html).toContain("Made to last");
    expect(html).not.toContain("About us");
    expect(html).not.toContain("<picture>");
    expect(html).not.toContain("md:grid-cols-2");
  });

  it("renders nothing with neither fields nor image", () => {
    expect(show("core/image_with_content", {}, { image: null })).toBe("");
    expect(show("core/image_with_content", { button_text: "Go" }, null)).toBe("");
  });
});

describe("linkTarget", () => {
  it("reads slugs as pages, paths and http(s) URLs as links, and refuses the rest", () => {
    expect(linkTarget({ button_link: "about" })).toEqual({ href: "/about", internal: true, newTab: false });
    expect(linkTarget({ button_link: "home" })?.href).toBe("/");
    expect(linkTarget({ button_link: "/catalogue/chairs" })).toEqual({ href: "/catalogue/chairs", internal: true, newTab: false });
    expect(linkTarget({ button_link: "https://example.com", button_target: "blank" })).toEqual({ href: "https://example.com", internal: false, newTab: true });
    for (const bad of ["javascript:alert(1)", "//evil.example", "data:text/html,x", "a b", "", null, {}]) {
      expect(linkTarget({ button_link: bad }), String(bad)).toBeNull();
    }
  });
});

describe("core/call_to_action", () => {
  const fields = { heading: "Visit the workshop", subheading: "Open every Saturday", html: "<p>Come and see.</p>", button_text: "Find us", button_link: "/where-to-find-us" };
  const data = { left: image(HASH_A, "16x9", 300, 169), right: image(HASH_B, "16x9", 300, 169) };

  it("shows the left image, the text and button, then the right image", () => {
    const html = show("core/call_to_action", fields, data);
    const left = html.indexOf(`/assets/i/${HASH_A}/16x9/300.jpg`);
    const heading = html.search(/<h2[^>]*>Visit the workshop<\/h2>/);
    const right = html.indexOf(`/assets/i/${HASH_B}/16x9/300.jpg`);
    expect(left).toBeGreaterThan(-1);
    expect(heading).toBeGreaterThan(left);
    expect(right).toBeGreaterThan(heading);
    expect(html).toContain("Open every Saturday");
    expect(html).toContain("<p>Come and see.</p>");
    expect(tagWith(html, /href="\/where-to-find-us"/)).toBeTruthy();
  });

  it("shows the text alone when the images are missing or failed", () => {
    for (const d of [null, undefined, { left: null, right: null }]) {
      const html = show("core/call_to_action", fields, d);
      expect(html).toContain("Visit the workshop");
      expect(html).not.toContain("<picture>");
    }
  });

  it("renders nothing when empty", () => {
    expect(show("core/call_to_action", {}, null)).toBe("");
    expect(show("core/call_to_action", { heading: ["x"], html: {} }, { left: null, right: null })).toBe("");
  });
});

describe("core/person_list", () => {
  const people = [person(1, "Ada", "Lovelace"), person(2, "Alan", "Turing"), person(3, "Grace", "Hopper")];

  it("shows every person's name under the heading, title, description and 4x3 photo", () => {
    const html = show("core/person_list", { heading: "Our makers" }, people);
    expect(html).toMatch(/<h2[^>]*>Our makers<\/h2>/);
    for (const name of ["Ada Lovelace", "Alan Turing", "Grace Hopper"]) expect(html).toMatch(new RegExp(`<h3[^>]*>${name}</h3>`));
    expect(html).toContain("Role 2");
    expect(html).toContain("<p>About Grace</p>");
    expect(html).toContain("/4x3/900.avif");
    expect(html).toMatch(/width="900" height="675"/);
  });

  it("alternates: photo at the start for even rows, at the end for odd rows", () => {
    const html = show("core/person_list", {}, people);
    const boxes = [...html.matchAll(/<div class="([^"]*)"><picture>/g)].map((m) => m[1].includes("md:order-last"));
    expect(boxes).toEqual([false, true, false]);
    // Without a widget heading the names are the section's headings (h2).
    expect(count(html, /<h2[^>]*>/)).toBe(3);
  });

  it("shows a person without a photo as text alone, and nothing for no people", () => {
    const html = show("core/person_list", {}, [person(1, "Ada", "", { photo: null, title: "" })]);
    expect(html).toContain(">Ada</h2>");
    expect(html).not.toContain("<picture>");
    expect(html).not.toContain("md:grid-cols-2");
    for (const d of [[], null, undefined]) expect(show("core/person_list", { heading: "Our makers" }, d)).toBe("");
  });
});

describe("core/hero_testimonial", () => {
  it("shows at most three testimonials as quotes with a round 100 px photo", () => {
    const html = show("core/hero_testimonial", { heading: "Kind words" }, [1, 2, 3, 4].map((i) => testimonial(i)));
    expect(html).toMatch(/<h2[^>]*>Kind words<\/h2>/);
    expect(count(html, "<figure")).toBe(3);
    expect(html).not.toContain("Customer 4");
    expect(html).toMatch(/<figure[^>]*>.*<blockquote[^>]*><p>Quote number 1<\/p><\/blockquote><figcaption[^>]*>.*Customer 1.*Buyer of table 1.*<\/figcaption><\/figure>/s);
    expect(html).toMatch(/rounded-full[^"]*"><picture>.*?width="100" height="100"/s);
    expect(html).toContain('sizes="100px"');
  });

  it("leaves out the photo when there is none, and renders nothing without testimonials", () => {
    const html = show("core/hero_testimonial", {}, [testimonial(1, { image: null })]);
    expect(html).toContain("Quote number 1");
    expect(html).not.toContain("<picture>");
    for (const d of [[], null, undefined, [testimonial(2, { name: "", content: " " })]]) expect(show("core/hero_testimonial", { heading: "Kind words" }, d)).toBe("");
  });
});

describe("core/testimonial_grid", () => {
  it("shows a card per testimonial with its rating as five stars read out as one label", () => {
    const html = show("core/testimonial_grid", { heading: "Reviews" }, [testimonial(1, { rating: 4 }), testimonial(2, { rating: 2 })]);
    expect(html).toMatch(/<h2[^>]*>Reviews<\/h2>/);
    expect(count(html, "<li")).toBe(2);
    expect(html).toContain('role="img" aria-label="Rated 4 out of 5"');
    expect(html).toContain('aria-label="Rated 2 out of 5"');
    const first = html.slice(html.indexOf("Rated 4"), html.indexOf("Rated 2"));
    expect(count(first, /<svg[^>]*aria-hidden="true"/)).toBe(5);
    expect(count(first, /<svg[^>]*fill="currentColor"/)).toBe(4);
    expect(html).toContain("Quote number 2");
    expect(html).toContain("Customer 2");
  });

  it("shows no stars for a missing or out-of-range rating", () => {
    for (const rating of [null, 0, 6, 4.5, Number.NaN]) {
      const html = show("core/testimonial_grid", {}, [testimonial(1, { rating })]);
      expect(html, String(rating)).toContain("Quote number 1");
      expect(html, String(rating)).not.toContain("Rated");
      expect(html, String(rating)).not.toContain("<svg");
    }
  });

  it("renders nothing without testimonials", () => {
    for (const d of [[], null, undefined]) expect(show("core/testimonial_grid", { heading: "Reviews" }, d)).toBe("");
  });
});

describe("tpl/heading", () => {
  const data = { image: image(HASH_A, "16x5", 1920, 600) };

  it("puts an h2 title and subtitle over the 16x5 image behind a dark overlay in a fixed-ratio box", () => {
    const html = show("tpl/heading", { title: "Delivery", subtitle: "Fully assembled" }, data);
    expect(html).toMatch(/<h2[^>]*>Delivery<\/h2>/);
    expect(html).toContain("Fully assembled");
    expect(html).toContain(`/assets/i/${HASH_A}/16x5/1920.avif`);
    expect(html).toMatch(/class="[^"]*aspect-\[16\/5\][^"]*"/);
    expect(html).toMatch(/class="absolute inset-0 bg-black\/(5[5-9]|[6-9]\d)"/);
    expect(html).toContain("text-white");
    expect(html).toContain('loading="lazy"');
  });

  it("is the page's h1, loaded at once, when level is h1 (but not on an item's own view)", () => {
    const html = show("tpl/heading", { title: "Delivery", level: "h1" }, data);
    expect(html).toMatch(/<h1[^>]*>Delivery<\/h1>/);
    expect(html).toContain('loading="eager"');
    expect(show("tpl/heading", { title: "Delivery", level: "h1" }, data, { itemUrl: "chairs" })).not.toContain("<h1");
  });

  it("is a plain brand band without an image, and falls back to the heading field", () => {
    const html = show("tpl/heading", { heading: "About us" }, null);
    expect(html).toMatch(/<h2[^>]*>About us<\/h2>/);
    expect(html).toContain("bg-brand");
    expect(html).not.toContain("<picture>");
  });

  it("renders nothing without a title", () => {
    expect(show("tpl/heading", { subtitle: "Alone" }, data)).toBe("");
  });
});
