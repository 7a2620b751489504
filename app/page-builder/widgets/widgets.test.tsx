import { describe, expect, it } from "vitest";
import type { Link, Widget } from "~/lib/api/schemas";
import { count, render } from "~/test/render";
import { widgetRegistry } from "../registry";
import type { WidgetEnv } from "../types";
import { WidgetView } from "../widget-view";
import { buttonHref } from "../shared/link-target";
import { mapEmbedUrl } from "./google-map/view";

const env: WidgetEnv = { itemUrl: null, signedIn: false };

function widget(type: string, fields: Record<string, unknown> = {}, items: Record<string, unknown>[] = [], id = "7"): Widget {
  return { id, type, sort: 0, deleted: false, fields, items };
}

/** Renders a widget the way the page does (through WidgetView and the registry). */
function show(type: string, fields: Record<string, unknown> = {}, opts: { items?: Record<string, unknown>[]; data?: unknown; id?: string } = {}) {
  return render(<WidgetView widget={widget(type, fields, opts.items, opts.id)} data={opts.data} env={env} />);
}

/** The value of an attribute on the first tag that has it. */
function attr(html: string, name: string) {
  return html.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

describe("every widget degrades cleanly", () => {
  const empties: [string, Record<string, unknown>][] = [
    ["no fields", {}],
    ["wrong types", { html: {}, content: [], text: {}, heading: [], label: null, level: [], code: null, url: ["x"], page: false, document: {}, location: {}, zoom: "x" }],
  ];
  for (const type of Object.keys(widgetRegistry)) {
    for (const [label, fields] of empties) {
      it(`${type} renders nothing with ${label}`, () => {
        for (const data of [undefined, null, []]) {
          expect(show(type, fields, { data })).toBe("");
        }
      });
    }
  }
});

describe("core/html", () => {
  it("renders its html as markup", () => {
    expect(show("core/html", { html: "<p>Hello <strong>there</strong></p>" })).toBe(
      '<div dir="auto" class="prose-cms"><p>Hello <strong>there</strong></p></div>',
    );
  });

  it("falls back to the content field", () => {
    expect(show("core/html", { content: "<p>From content</p>" })).toContain("<p>From content</p>");
  });

  it("renders nothing for empty html", () => {
    expect(show("core/html", { html: "" })).toBe("");
  });

  it("renders a numeric html field as text rather than throwing", () => {
    expect(show("core/html", { html: 12 })).toBe('<div dir="auto" class="prose-cms">12</div>');
  });
});

describe("core/heading", () => {
  it("renders h1 to h4 as asked", () => {
    for (const level of ["h1", "h2", "h3", "h4"]) {
      const out = show("core/heading", { text: "Our workshop", level });
      expect(out).toMatch(new RegExp(`^<${level} dir="auto" class="[^"]*">Our workshop</${level}>$`));
    }
  });

  it("defaults to h2, and falls back to h2 for a bad level", () => {
    expect(show("core/heading", { text: "T" })).toMatch(/^<h2 /);
    for (const level of ["h5", "H1", "3", 3, "", "script", "h1 onclick"]) {
      expect(show("core/heading", { text: "T", level }), String(level)).toMatch(/^<h2 [^>]*>T<\/h2>$/);
    }
  });

  it("falls back to h2 for Object.prototype names as a level", () => {
    for (const level of ["constructor", "__proto__", "toString"]) {
      expect(show("core/heading", { text: "T", level })).toMatch(/^<h2 [^>]*>T<\/h2>$/);
    }
  });

  it("centres when asked (centered or center, booleans or 1/'true')", () => {
    expect(show("core/heading", { text: "T", centered: true })).toContain("text-center");
    expect(show("core/heading", { text: "T", center: "1" })).toContain("text-center");
    expect(show("core/heading", { text: "T", centered: "true" })).toContain("text-center");
    expect(show("core/heading", { text: "T", centered: false })).not.toContain("text-center");
    expect(show("core/heading", { text: "T" })).not.toContain("text-center");
  });

  it("takes the heading field when text is missing, and escapes text", () => {
    expect(show("core/heading", { heading: "<b>Bold</b>" })).toContain("&lt;b&gt;Bold&lt;/b&gt;");
  });

  it("renders nothing without text", () => {
    expect(show("core/heading", { level: "h1" })).toBe("");
  });
});

describe("core/raw_code", () => {
  it("places the code as written", () => {
    expect(show("core/raw_code", { code: '<iframe src="https://example.com/x"></iframe>' })).toBe(
      '<div dir="auto"><iframe src="https://example.com/x"></iframe></div>',
    );
  });

  it("renders nothing without code", () => {
    expect(show("core/raw_code", { code: "" })).toBe("");
    expect(show("core/raw_code", { html: "<p>not code</p>" })).toBe("");
  });
});

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
    expect(anchorClass(button({ page: "a", colour: "danger" }))).toContain("bg-red-700");
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
    for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,x", "//evil.example", "ftp://x"]) {
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

describe("core/faq", () => {
  const items = [
    { id: 1, name: "Do you deliver?", content: "<p>Yes, <em>statewide</em>.</p>" },
    { id: 2, name: "Which timber?", content: "<p>Spotted gum.</p>" },
    { id: 3, name: "", content: "<p>No question</p>" },
    { name: "Without an id", content: "" },
  ];

  it("has the heading 'Frequently asked questions' by default, or its own", () => {
    expect(show("core/faq", {}, { items })).toContain(">Frequently asked questions</h2>");
    expect(show("core/faq", { heading: "Questions" }, { items })).toContain(">Questions</h2>");
  });

  it("renders each question and its answer", () => {
    const out = show("core/faq", {}, { items });
    expect(out).toContain('<span dir="auto">Do you deliver?</span>');
    expect(out).toContain("<p>Yes, <em>statewide</em>.</p>");
    expect(out).toContain('<span dir="auto">Which timber?</span>');
    expect(out).toContain("<p>Spotted gum.</p>");
    expect(out).toContain('<span dir="auto">Without an id</span>');
    expect(out).not.toContain("No question");
    expect(count(out, "<details")).toBe(3);
  });

  it("gives every <details> of one widget the same name, distinct from another widget's", () => {
    const a = show("core/faq", {}, { items, id: "a1" });
    const names = [...a.matchAll(/<details[^>]*\sname="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(1);
    const b = show("core/faq", {}, { items, id: "b2" });
    const other = b.match(/<details[^>]*\sname="([^"]*)"/)?.[1];
    expect(other).toBeTruthy();
    expect(other).not.toBe(names[0]);
  });

  it("labels the section with its heading", () => {
    const out = show("core/faq", {}, { items, id: "q" });
    const labelledBy = attr(out, "aria-labelledby");
    expect(out).toContain(`<h2 id="${labelledBy}"`);
  });

  it("renders nothing without questions", () => {
    expect(show("core/faq", { heading: "Q" }, { items: [] })).toBe("");
    expect(show("core/faq", {}, { items: [{ content: "<p>a</p>" }] })).toBe("");
  });
});

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
