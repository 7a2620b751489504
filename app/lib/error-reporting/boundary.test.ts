import { isRouteErrorResponse } from "@remix-run/react";
import { describe, expect, it } from "vitest";

import { type BoundaryReportTarget, reportBoundaryError } from "./boundary";

/** A page with a reporter, whose router holds these loader and action errors. */
function page(routeDataErrors: unknown[] = []) {
  const sent: Error[] = [];
  const target: BoundaryReportTarget = { routeDataErrors: () => routeDataErrors, report: (e) => sent.push(e) };
  return { target, sent };
}

describe("reportBoundaryError", () => {
  it("reports a render that failed in the browser, once however often the boundary renders", () => {
    const { target, sent } = page();
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    expect(reportBoundaryError(error, target)).toBe(true);
    expect(reportBoundaryError(error, target)).toBe(false);
    expect(sent).toEqual([error]);
  });

  it("leaves a loader's error to the server, which reported it before the browser got it", () => {
    const fromServer = new Error("Unexpected Server Error");
    const { target, sent } = page([fromServer]);
    expect(reportBoundaryError(fromServer, target)).toBe(false);
    expect(sent).toEqual([]);
  });

  it("reports no thrown Response: a 404 or a 403 is expected, a 503 the server's to report", () => {
    const { target, sent } = page();
    for (const status of [403, 404, 503]) {
      // What a thrown Response is in the browser.
      const response = { status, statusText: "", internal: false, data: null };
      expect(isRouteErrorResponse(response)).toBe(true);
      expect(reportBoundaryError(response, target)).toBe(false);
    }
    expect(reportBoundaryError("a thrown string", target)).toBe(false);
    expect(sent).toEqual([]);
  });

  it("does nothing where the page has no reporter (SENTRY_DSN unset, or on the server)", () => {
    expect(reportBoundaryError(new Error("boom"), null)).toBe(false);
    // Here, in Node, there is no document: the default target is none.
    expect(reportBoundaryError(new Error("boom"))).toBe(false);
  });
});
