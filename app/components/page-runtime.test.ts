import { describe, expect, it } from "vitest";

import { BACK_TO_TOP_SCRIPT } from "./back-to-top";
import { routesNeedBrowser } from "./page-runtime";
import { SCROLL_ANIMATIONS_SCRIPT } from "./scroll-animations";

describe("routesNeedBrowser", () => {
  it("is true when a matched route's loader data or handle says browser: true", () => {
    expect(routesNeedBrowser([{ data: { locale: "en" } }, { data: { page: {}, browser: true } }])).toBe(true);
    expect(routesNeedBrowser([{ data: null, handle: { browser: true } }])).toBe(true);
  });

  it("is false when none does: no data (an error), browser false, or anything but true", () => {
    expect(routesNeedBrowser([])).toBe(false);
    expect(routesNeedBrowser([{ data: { locale: "en" }, handle: { i18n: ["common"] } }, { data: undefined }])).toBe(
      false,
    );
    expect(routesNeedBrowser([{ data: { browser: false } }, { data: { browser: "true" } }, { handle: null }])).toBe(
      false,
    );
  });
});

// Their size (each under 2 KB) is checked on the built pages by scripts/js-budget.mjs.
describe("the inline scripts every page runs", () => {
  it("run from their own text: one function called at once, nothing from their modules", () => {
    for (const script of [BACK_TO_TOP_SCRIPT, SCROLL_ANIMATIONS_SCRIPT]) {
      expect(script).toMatch(/^\(function \w+\(\) \{[\s\S]*\}\)\(\);$/);
      expect(() => new Function(script)).not.toThrow();
    }
  });
});
