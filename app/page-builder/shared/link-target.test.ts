import { describe, expect, it } from "vitest";

import { buttonFields, widgetFields } from "../fields";
import { linkTarget as linkTargetOf } from "./link-target";

/** linkTarget of a widget's raw button fields, parsed as the widget parses them. */
const buttonSchema = widgetFields(buttonFields);
const linkTarget = (raw: Record<string, unknown>) => linkTargetOf(buttonSchema.parse(raw));

describe("linkTarget", () => {
  it("reads slugs as pages, paths and http(s) URLs as links, and refuses the rest", () => {
    expect(linkTarget({ button_link: "about" })).toEqual({ href: "/about", internal: true, newTab: false });
    expect(linkTarget({ button_link: "home" })?.href).toBe("/");
    expect(linkTarget({ button_link: "/catalogue/chairs" })).toEqual({
      href: "/catalogue/chairs",
      internal: true,
      newTab: false,
    });
    expect(linkTarget({ button_link: "https://example.com", button_target: "blank" })).toEqual({
      href: "https://example.com",
      internal: false,
      newTab: true,
    });
    for (const bad of ["javascript:alert(1)", "//evil.example", "data:text/html,x", "a b", "", null, {}]) {
      expect(linkTarget({ button_link: bad }), String(bad)).toBeNull();
    }
  });
});
