import { describe, expect, it } from "vitest";

import type { Widget } from "@contract/pages";
import { metaTagsFor } from "~/test/paging-meta";
import { count } from "~/test/render";
import { renderWidget, widgetOf } from "~/test/widgets";

import { pagePaging } from "./page-paging";
import { numbers } from "./pagination";
import { canonicalPageQuery, pageCount, pageHref, pageSlice, requestedPage } from "./paging";

const questions = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Question ${i + 1}?`,
  content: "<p>A.</p>",
}));
const faq = (fields: Record<string, unknown>, id = "care") => widgetOf("core/faq", fields, questions, id);
const show = (widget: Widget, search: string) =>
  renderWidget(widget, { env: { address: { pathname: "/showcase", search } }, url: `/showcase${search}` });

describe("list paging", () => {
  it("counts and slices pages from the offset, with the limit of 100 and offset of 0 by default", () => {
    expect(pageCount(12, { limit: 5, offset: 0 })).toBe(3);
    expect(pageCount(12, { limit: 5, offset: 2 })).toBe(2);
    expect(pageCount(0, { limit: 5, offset: 0 })).toBe(1);
    expect(pageCount(250, { limit: 100, offset: 0 })).toBe(3);
    expect(pageSlice([1, 2, 3, 4, 5, 6, 7], { limit: 3, offset: 1 }, 2)).toEqual([5, 6, 7]);
    expect(pageCount(12, { limit: 0, offset: -4 })).toBe(12);
  });

  it("reads a widget's own page parameter: absent is page 1, anything but a page number is no page", () => {
    const q = (s: string) => requestedPage(new URLSearchParams(s), "care");
    expect(q("")).toBe(1);
    expect(q("p-care=3&p-other=9")).toBe(3);
    for (const bad of ["p-care=0", "p-care=-1", "p-care=2.5", "p-care=abc", "p-care=02", "p-care=1&p-care=2"]) {
      expect(q(bad)).toBeNull();
    }
  });

  it("links keep the other lists' pages and the tab, and page 1 drops the parameter", () => {
    expect(pageHref("tab=A&p-other=2", "care", 3)).toBe("?tab=A&p-other=2&p-care=3");
    expect(pageHref("p-care=3&tab=A", "care", 1, "top")).toBe("?tab=A#top");
    expect(canonicalPageQuery(new URLSearchParams("tab=A&p-b=2&p-a=3&p-c=1&utm_source=x"))).toBe("p-a=3&p-b=2");
    expect(numbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(numbers(6, 20)).toEqual([4, 5, 6, 7, 8]);
    expect(numbers(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it("an FAQ shows its limit per page with « ‹ › » links, the page shown marked current", () => {
    const first = show(faq({ limit: 5, pagination_class: "justify-center" }), "");
    expect(count(first, "<details")).toBe(5);
    expect(first).toContain("Question 5?");
    expect(first).not.toContain("Question 6?");
    expect(first).toContain('aria-label="Pages of Frequently asked questions"');
    expect(first).toContain('class="mt-4 justify-center"');
    expect(first).toMatch(/<a [^>]*href="\/showcase\?p-care=2#faq-care-heading" aria-label="Next page" rel="next">/);
    expect(first).toMatch(/aria-label="Page 1" aria-current="page">1</);
    // On page 1 there is no first or previous page to go to.
    expect(first).not.toContain('aria-label="Previous page"');

    const last = show(faq({ limit: 5 }), "?p-care=3&tab=B");
    expect(count(last, "<details")).toBe(2);
    expect(last).toContain("Question 11?");
    expect(last).toMatch(/href="\/showcase\?tab=B#faq-care-heading" aria-label="First page"/);
    expect(last).toMatch(/href="\/showcase\?tab=B&amp;p-care=2#faq-care-heading" aria-label="Previous page"/);
    expect(last).toMatch(/aria-label="Page 3" aria-current="page">3</);
    for (const glyph of ["«", "‹", "›", "»"]) expect(last).toContain(glyph);
  });

  it("a list of one page has no pagination", () => {
    expect(show(faq({}), "")).not.toContain("<nav");
  });

  it("the page's loader: unknown lists, malformed and past-the-end pages are no page", () => {
    const widgets = [faq({ limit: 5 }), faq({}, "other")];
    const check = (search: string) => pagePaging(new URLSearchParams(search), widgets, {});
    expect(check("")).toEqual({ canonicalQuery: "", prev: null, next: "?p-care=2" });
    expect(check("p-care=2&utm_source=x")).toEqual({ canonicalQuery: "p-care=2", prev: "", next: "?p-care=3" });
    expect(check("p-care=3")).toEqual({ canonicalQuery: "p-care=3", prev: "?p-care=2", next: null });
    expect(check("p-other=1")).not.toBeNull();
    for (const bad of ["p-care=4", "p-care=0", "p-care=x", "p-other=2", "p-nothing=1", "p-care=1&p-care=2"]) {
      expect(check(bad)).toBeNull();
    }
  });

  it("the head: the canonical link keeps the page, and rel=prev/next name its neighbours", () => {
    const tags = metaTagsFor({ canonicalQuery: "p-care=2", prev: "", next: "?p-care=3" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.test/showcase?p-care=2" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.test/showcase?p-care=2" });
    expect(tags).toContainEqual({ tagName: "link", rel: "prev", href: "https://example.test/showcase" });
    expect(tags).toContainEqual({ tagName: "link", rel: "next", href: "https://example.test/showcase?p-care=3" });
  });
});
