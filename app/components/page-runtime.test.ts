import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { DEFERRED_MODULE_TYPE, RUNTIME_LOADER } from "~/shared/runtime-loader";

import { BACK_TO_TOP_SCRIPT } from "./back-to-top";
import { HEADER_SCRIPT } from "./header-script";
import { deferScripts, routesNeedBrowser } from "./page-runtime";
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
    for (const script of [BACK_TO_TOP_SCRIPT, SCROLL_ANIMATIONS_SCRIPT, HEADER_SCRIPT]) {
      expect(script).toMatch(/^\(function \w+\(\) \{[\s\S]*\}\)\(\);$/);
      expect(() => new Function(script)).not.toThrow();
    }
  });
});

describe("deferScripts (the runtime starts once the page has loaded)", () => {
  // The shape of Remix's <Scripts/>: modulepreload links, then the hydration data and entry scripts.
  const scripts = createElement(
    Fragment,
    null,
    createElement("link", { rel: "modulepreload", href: "/build/manifest.js" }),
    createElement("link", { rel: "modulepreload", href: "/build/entry.client.js" }),
    [createElement("link", { key: "a", rel: "modulepreload", href: "/build/_shared/a.js" })],
    createElement(
      Fragment,
      null,
      createElement("script", { dangerouslySetInnerHTML: { __html: "window.__remixContext = {};" } }),
      createElement("script", {
        type: "module",
        async: true,
        nonce: "n0nce",
        dangerouslySetInnerHTML: { __html: 'import "/build/manifest.js";import("/build/entry.client.js");' },
      }),
    ),
  );

  it("leaves no modulepreload and no module script in the document, only a data block naming them", () => {
    const html = renderToStaticMarkup(createElement(Fragment, null, deferScripts(scripts)));
    expect(html).not.toContain("modulepreload");
    expect(html).not.toMatch(/type="module"/);
    expect(html).toContain("<script>window.__remixContext = {};</script>");
    expect(html).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" nonce="n0nce" data-preload="/build/manifest.js /build/entry.client.js /build/_shared/a.js">`,
    );
  });

  it("has a loader that is one function called at once, and starts it only after the load event", () => {
    expect(() => new Function(RUNTIME_LOADER)).not.toThrow();
    expect(RUNTIME_LOADER).toContain('addEventListener("load"');
    expect(RUNTIME_LOADER).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`);
  });
});
