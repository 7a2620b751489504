import { fileURLToPath } from "node:url";

import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";

import config, { ignoredRouteFiles } from "../../remix.config.js";

/** The route ids Remix builds from app/routes with these ignore patterns (the same call readConfig makes). */
const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));
const routeIds = (ignored: string[]) => Object.keys(flatRoutes(APP_DIR, ignored));

describe("remix.config.js routes", () => {
  it("leaves the benchmark's floor route out of a normal build", () => {
    const ids = routeIds(ignoredRouteFiles({}));
    expect(ids).not.toContain("routes/bench-bare");
    // The real pages are still there.
    expect(ids).toEqual(expect.arrayContaining(["routes/_index", "routes/$", "routes/sitemap[.]xml"]));
  });

  it("includes it only when DOVETAIL_BENCH=1 is set at build time", () => {
    expect(routeIds(ignoredRouteFiles({ DOVETAIL_BENCH: "1" }))).toContain("routes/bench-bare");
    expect(routeIds(ignoredRouteFiles({ DOVETAIL_BENCH: "0" }))).not.toContain("routes/bench-bare");
  });

  it("reads the flag from the environment the build runs in", () => {
    expect(config.ignoredRouteFiles).toEqual(ignoredRouteFiles(process.env));
  });
});
