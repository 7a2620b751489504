import { readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ENHANCERS, OTHER_BROWSER_MODULES } from "~/enhancers/names";

import { builtModule, enhancerAssets } from "./enhancers.server";

const folder = path.resolve("app", "enhancers");

describe("enhancerAssets", () => {
  const manifest = {
    slideshow: { js: "/build/enhance/slideshow-A.js", css: "/build/enhance/slideshow-B.css" },
    slider: { js: "/build/enhance/slider-C.js" },
  };

  it("gives each named enhancer's module and stylesheet, in the order asked", () => {
    expect(enhancerAssets(["slider", "slideshow"], () => manifest)).toEqual([
      { name: "slider", js: "/build/enhance/slider-C.js" },
      { name: "slideshow", js: "/build/enhance/slideshow-A.js", css: "/build/enhance/slideshow-B.css" },
    ]);
  });

  it("leaves out an enhancer the build lacks, so the page still renders", () => {
    expect(enhancerAssets(["lightbox", "slider"], () => manifest)).toEqual([
      { name: "slider", js: "/build/enhance/slider-C.js" },
    ]);
    expect(enhancerAssets(["lightbox"], () => ({}))).toEqual([]);
  });
});

describe("app/enhancers", () => {
  const files = readdirSync(folder);

  it("has a module for every enhancer name, and a name for every module", () => {
    const modules = files.filter((f) => /^[a-z][a-z-]*\.ts$/.test(f) && f !== "names.ts").map((f) => f.slice(0, -3));
    expect(modules.sort()).toEqual([...ENHANCERS, ...OTHER_BROWSER_MODULES].sort());
  });

  it("has a stylesheet only beside a module of the same name", () => {
    for (const css of files.filter((f) => f.endsWith(".css"))) {
      expect(ENHANCERS as readonly string[]).toContain(css.slice(0, -4));
    }
  });
});

describe("builtModule", () => {
  it("gives a built module's URL by name, or null when the build lacks it", () => {
    const read = () => ({ "error-reporter": { js: "/build/enhance/error-reporter-A.js" } });
    expect(builtModule("error-reporter", read)).toBe("/build/enhance/error-reporter-A.js");
    expect(builtModule("error-reporter", () => ({}))).toBeNull();
  });
});
