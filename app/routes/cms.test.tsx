import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";

import { backOfficeMessages } from "~/back-office/messages.server";
import { renderRoutes } from "~/test/render";

import * as layout from "./cms";

/**
 * The back-office's errors (decision 107): a screen's error is drawn inside the layout's frame,
 * with the sections' navigation; the layout's own failure (a member refused) is the site's page.
 */

interface RouteModule {
  default?: ComponentType;
  ErrorBoundary?: ComponentType;
}

const here = fileURLToPath(new URL(".", import.meta.url));
/** Every back-office screen: the layout's child routes that render (not the CSV resource route). */
const screens = (
  await Promise.all(
    readdirSync(here)
      .filter((file) => /^cms\..+\.tsx$/.test(file) && !file.endsWith(".test.tsx"))
      .map(async (file) => ({ file, module: (await import(`${here}${file}`)) as RouteModule })),
  )
).filter(({ module }) => module.default);

const layoutData = { lng: "en", messages: backOfficeMessages("en"), browser: true };
const fail = (status: number) => () => {
  throw new Response(null, { status });
};

/** /cms/screen: the layout (its loader `layoutLoader`) and a screen whose loader throws `status`. */
const renderScreenError = (screen: RouteModule, status: number, layoutLoader = () => layoutData) =>
  renderRoutes(
    [
      {
        id: "routes/cms",
        path: "/cms",
        loader: layoutLoader,
        Component: layout.default,
        ErrorBoundary: layout.ErrorBoundary,
        children: [
          { path: "screen", loader: fail(status), Component: screen.default, ErrorBoundary: screen.ErrorBoundary },
        ],
      },
    ],
    "/cms/screen",
  );

const NAV = 'aria-label="Back-office sections"';

describe("back-office errors", () => {
  it("finds the sixteen screens", () => {
    expect(screens).toHaveLength(16);
  });

  it("draws an unknown record's 404 inside the back-office, with its navigation", async () => {
    const record = screens.find(({ file }) => file === "cms.records.$model.$id.tsx")!.module;
    const html = await renderScreenError(record, 404);
    expect(html).toContain(NAV);
    expect(html).toContain("Page not found");
    expect(html).toContain('href="/cms/records"');
  });

  it.each([
    [403, "That didn&#x27;t go through"],
    [503, "We&#x27;ll be right back"],
  ])("draws a screen's %i inside the back-office too", async (status, title) => {
    const html = await renderScreenError(screens[0].module, status);
    expect(html).toContain(NAV);
    expect(html).toContain(title);
  });

  it("keeps the navigation for every screen's error", async () => {
    for (const { file, module } of screens) {
      expect(await renderScreenError(module, 404), file).toContain(NAV);
    }
  });

  it("shows a member refused by the layout the site's page, without the back-office's navigation", async () => {
    const html = await renderScreenError(screens[0].module, 404, fail(403));
    expect(html).toContain("That didn&#x27;t go through");
    expect(html).not.toContain(NAV);
  });
});
