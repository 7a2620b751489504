import { describe, expect, it } from "vitest";

import { snippetParts } from "./search-snippet";
import { webPageType } from "./structured-data";

describe("snippetParts", () => {
  it("splits a snippet into plain and marked text, decoding its entities", () => {
    expect(snippetParts("Oak &amp; gum <mark>tables</mark> for &lt;b&gt;")).toEqual([
      { text: "Oak & gum ", mark: false },
      { text: "tables", mark: true },
      { text: " for <b>", mark: false },
    ]);
  });

  it("shows any other markup as text", () => {
    expect(snippetParts('<img src=x onerror="alert(1)"><mark>x</mark>')).toEqual([
      { text: '<img src=x onerror="alert(1)">', mark: false },
      { text: "x", mark: true },
    ]);
  });
});

describe("search pages in JSON-LD", () => {
  it("types /search and /search/{q} as SearchResultsPage", () => {
    expect(webPageType("/search")).toBe("SearchResultsPage");
    expect(webPageType("/search/table")).toBe("SearchResultsPage");
    expect(webPageType("/searching")).toBe("WebPage");
  });
});
