import { describe, expect, it } from "vitest";

import { renderRoutes } from "~/test/render";

import { GeneralErrorBoundary, type StatusHandler } from "./general-error-boundary";

/** A page whose loader throws `thrown`, drawn by a boundary with these props. */
function renderError(thrown: unknown, props: Parameters<typeof GeneralErrorBoundary>[0] = {}) {
  return renderRoutes(
    [
      {
        path: "/:page",
        loader: () => {
          throw thrown;
        },
        Component: () => <p>the page</p>,
        ErrorBoundary: () => <GeneralErrorBoundary {...props} />,
      },
    ],
    "/chairs",
  );
}

const status = (code: number) => new Response(null, { status: code });

describe("GeneralErrorBoundary", () => {
  it("draws the site's screens by status: the 404 page, the 503 'right back' page, 403 and 400", async () => {
    const notFound = await renderError(status(404));
    expect(notFound).toContain("Page not found");
    expect(notFound).toContain("Take me home");
    expect(await renderError(status(503))).toContain("We&#x27;ll be right back");
    expect(await renderError(status(403))).toContain("That didn&#x27;t go through");
    expect(await renderError(status(400))).toContain("Something in that request wasn&#x27;t right");
    expect(await renderError(status(500))).toContain("Something went wrong");
  });

  it("lets a route add or override a status's screen, which gets the error and the params", async () => {
    const gone: StatusHandler = ({ error, params }) => <h1>{`${params.page} are gone (${error.status})`}</h1>;
    const html = await renderError(status(410), { statusHandlers: { 410: gone } });
    expect(html).toContain("chairs are gone (410)");
    // The site's other screens stay.
    expect(await renderError(status(404), { statusHandlers: { 410: gone } })).toContain("Page not found");
    expect(await renderError(status(404), { statusHandlers: { 404: gone } })).toContain("chairs are gone");
  });

  it("draws other statuses and unexpected errors with the handlers given, never a stack", async () => {
    const props = {
      defaultStatusHandler: () => <p>some status</p>,
      unexpectedErrorHandler: () => <p>an accident</p>,
    };
    expect(await renderError(status(418), props)).toContain("some status");
    const accident = await renderError(new Error("secret detail at db.ts:12"), props);
    expect(accident).toContain("an accident");
    expect(await renderError(new Error("secret detail at db.ts:12"))).not.toContain("secret detail");
  });
});
