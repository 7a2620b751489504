/**
 * Where each module under app/ runs, and that its path says so (decision 105): `app/host/` runs
 * only in the host (server.ts, bundled into build/host.js), `app/shared/` in both the host and the Remix build,
 * everything else under app/ in the Remix build only. Both import graphs are computed from the
 * source (tests/unit/import-graph.ts); type-only imports make no module run, so they do not count.
 */
import { describe, expect, it } from "vitest";

import { codeFilesUnder, importsOf, reachable, runtimeSpecifiers } from "./import-graph";

const HOST = "app/host/";
const SHARED = "app/shared/";

/** What the build bundles: Remix's entries and routes, the service worker, the enhancers. */
const BUILD_ENTRIES = [
  "app/root.tsx",
  "app/entry.server.tsx",
  "app/entry.client.tsx",
  "app/entry.worker.ts",
  ...codeFilesUnder("app/routes"),
  ...codeFilesUnder("app/enhancers"),
];
const HOST_ENTRIES = ["server.ts"];

const build = reachable(BUILD_ENTRIES);
const host = reachable(HOST_ENTRIES);

/** Outside app/, the host also runs the CMS; scripts and tests are not app code. */
const OTHER_PLACES = ["cms/", "scripts/", "tests/"];
const isEntry = (file: string) => HOST_ENTRIES.includes(file);

describe("the import scanner", () => {
  it("counts imports, re-exports and dynamic imports, and leaves types, comments and strings out", () => {
    const source = `
      import a from "./a";
      import { b, type B } from "./b";
      import type { C } from "./c";
      import { type D } from "./d";
      import "./e";
      export { f } from "./f";
      export * from "./g";
      export type { H } from "./h";
      // import { i } from "./i";
      /* export { j } from "./j"; */
      const k = "import { k } from './k'";
      const l = await import("./l");
      type M = typeof import("./m");
    `;
    expect(runtimeSpecifiers(source, "x.ts")).toEqual(["./a", "./b", "./e", "./f", "./g", "./l"]);
  });

  it("resolves ~/, relative paths and extensions to the repository's files", () => {
    expect(importsOf("app/entry.server.tsx")).toEqual(
      expect.arrayContaining(["app/lib/load-context.server.ts", "app/components/nonce.tsx"]),
    );
    expect(importsOf("server.ts")).toEqual(expect.arrayContaining(["app/host/from-build.ts", "cms/start.ts"]));
  });

  it("walks both graphs to their ends (a dynamic import included)", () => {
    expect(build).toContain("app/lib/visitor.server.ts");
    expect(build).toContain("app/page-builder/registry.ts");
    expect(host).toContain("app/host/page-cache/middleware.server.ts");
    expect(host).toContain("app/host/error-reporting/sentry.server.ts");
  });
});

describe("where modules run", () => {
  it("the Remix build imports nothing from app/host/", () => {
    const outside = [...build].filter((file) => !file.startsWith(HOST));
    const imports = outside.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(HOST))
        .map((target) => `${file} imports ${target}`),
    );
    expect(imports, "the build would run these host modules: import types only, or move the module").toEqual([]);
  });

  it("what only the host runs lives in app/host/ (or in cms/)", () => {
    const misplaced = [...host].filter(
      (file) =>
        !build.has(file) &&
        !isEntry(file) &&
        !file.startsWith(HOST) &&
        !OTHER_PLACES.some((place) => file.startsWith(place)),
    );
    expect(misplaced, "only the host runs these: move them to app/host/").toEqual([]);
  });

  it("what both run lives in app/shared/", () => {
    const misplaced = [...host].filter((file) => build.has(file) && !file.startsWith(SHARED));
    expect(
      misplaced,
      "both the host and the build run these: move them to app/shared/ or take them from the build",
    ).toEqual([]);
  });

  it("app/host/ holds only what the host runs, and app/shared/ only what both run", () => {
    const idleHost = codeFilesUnder(HOST).filter((file) => !host.has(file));
    const notShared = codeFilesUnder(SHARED).filter((file) => !(host.has(file) && build.has(file)));
    expect({ idleHost, notShared }).toEqual({ idleHost: [], notShared: [] });
  });
});
