import { describe, expect, it } from "vitest";

import { documentScripts, inlineStylesheet, judge } from "../../scripts/js-budget.mjs";

const KB = 1024;

describe("the JS budget's reading of a document", () => {
  const html = `<!DOCTYPE html><html><head>
    <script type="application/ld+json">{"@context":"https://schema.org"}</script>
    <script id="i18n-messages" type="application/json">{"nav":{"home":"Home"}}</script>
    <script nonce="n">(function a(){})();</script>
    <style id="stylesheet">body{margin:0}</style>
    <link rel="modulepreload" href="/build/entry.js"/><link rel="stylesheet" href="/x.css"/>
    </head><body>
    <script type="module" async="">import "/build/entry.js";</script>
    <script src="/build/entry.js" type="module"></script><script src="https://cdn.example/a.js"></script>
    <script type="text/plain">not run</script><script></script>
    </body></html>`;

  it("counts inline and external scripts, each external one once, and leaves data blocks out", () => {
    const { inline, external } = documentScripts(html);
    expect(inline).toEqual(["(function a(){})();", 'import "/build/entry.js";']);
    expect(external).toEqual(["/build/entry.js", "https://cdn.example/a.js"]);
  });

  it("counts the deferred runtime's entry script and the modules it will preload", () => {
    const deferred = documentScripts(
      '<script type="text/x-deferred-module" data-preload="/build/m.js /build/entry.js">import("/build/entry.js");</script>',
    );
    expect(deferred.inline).toEqual(['import("/build/entry.js");']);
    expect(deferred.external).toEqual(["/build/m.js", "/build/entry.js"]);
  });

  it("counts the enhancers a page lists, which its loader imports once the page has loaded", () => {
    const list = [
      { name: "slideshow", js: "/build/enhance/slideshow-A.js", css: "/build/enhance/slideshow-B.css" },
      { name: "slider", js: "/build/enhance/slider-C.js" },
    ];
    const page = documentScripts(
      `<script type="application/json" data-enhancers="">${JSON.stringify(list)}</script><script>load()</script>`,
    );
    expect(page.inline).toEqual(["load()"]);
    expect(page.external).toEqual(["/build/enhance/slideshow-A.js", "/build/enhance/slider-C.js"]);
  });

  it("finds the inlined stylesheet", () => {
    expect(inlineStylesheet(html)).toBe("body{margin:0}");
    expect(inlineStylesheet("<head></head>")).toBeNull();
  });
});

describe("the JS budget's verdict", () => {
  const script = (raw: number, compressed = raw) => ({ text: "x".repeat(raw), raw, compressed });
  const page = (over: Partial<Parameters<typeof judge>[0]>) =>
    judge({ page: "/p", runtime: true, inline: [], external: [], stylesheet: 9 * KB, ...over });

  it("holds /about to 10 KB and every other page to 150 KB", () => {
    expect(page({ page: "/about", runtime: false, inline: [script(900)] }).ok).toBe(true);
    const heavy = page({ page: "/about", runtime: false, external: [{ url: "/a.js", bytes: 11 * KB }] });
    expect(heavy.ok).toBe(false);
    expect(heavy.errors[0]).toMatch(/11\.0 KB of script, over its budget of 10\.0 KB/);
    expect(page({ external: [{ url: "/a.js", bytes: 149 * KB }], inline: [script(500)] }).ok).toBe(true);
    expect(page({ external: [{ url: "/a.js", bytes: 149 * KB }], inline: [script(5000, 2 * KB)] }).ok).toBe(false);
  });

  it("allows only small inline scripts on a page without the runtime", () => {
    expect(page({ runtime: false, inline: [script(2000)] }).ok).toBe(true);
    expect(page({ runtime: false, inline: [script(2100, 900)] }).ok).toBe(false);
    // The runtime's own inline scripts (hydration data) are counted in the total only.
    expect(page({ runtime: true, inline: [script(30_000, 9 * KB)] }).ok).toBe(true);
  });

  it("fails a page whose inlined stylesheet outgrows decision 031", () => {
    expect(page({ stylesheet: 13 * KB }).errors.join()).toMatch(/decision 031/);
    expect(page({ stylesheet: null }).ok).toBe(true);
  });
});
