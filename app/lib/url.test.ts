import { describe, expect, it } from "vitest";

import { parseUrl, safeRedirectPath } from "./url";

describe("parseUrl", () => {
  it("splits a path into the page, item and two more parameters", () => {
    expect(parseUrl("/catalogue/bar-settings/stool/blue")).toEqual({
      full_url: "catalogue/bar-settings/stool/blue",
      page_url: "catalogue",
      item_url: "bar-settings",
      url_parameter_2: "stool",
      url_parameter_3: "blue",
    });
  });

  it("handles the root, trailing slashes and encoded segments", () => {
    expect(parseUrl("/")).toMatchObject({ full_url: "", page_url: "", item_url: null });
    expect(parseUrl("/about/")).toMatchObject({ full_url: "about", page_url: "about", item_url: null });
    expect(parseUrl("/a%20b/%E2%9C%93")).toMatchObject({ page_url: "a b", item_url: "✓" });
    expect(parseUrl("/bad%zz")).toMatchObject({ page_url: "bad%zz" });
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/profile?tab=x#y")).toBe("/profile?tab=x#y");
  });

  it("refuses other hosts and odd forms", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      42,
    ]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });

  it("refuses paths that only become protocol-relative once normalised", () => {
    for (const bad of ["/.//evil.example/x", "/a/..//evil.example", "/./\\evil.example", "/%2e//evil.example"]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
    expect(safeRedirectPath("/a/../b")).toBe("/b");
  });
});
