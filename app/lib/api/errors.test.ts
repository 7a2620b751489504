import { describe, expect, it, vi } from "vitest";

describe("isUpstreamError", () => {
  it("recognises an error made by another copy of the module (server.ts's, not the build's)", async () => {
    const ours = await import("./errors");
    vi.resetModules();
    const theirs = await import("./errors");
    expect(theirs.UpstreamError).not.toBe(ours.UpstreamError);

    const error = new theirs.UpstreamError("Not found", 404, "/api/v1/cognito/page/x");
    expect(error).not.toBeInstanceOf(ours.UpstreamError);
    expect(ours.isUpstreamError(error)).toBe(true);
    expect(error.unavailable).toBe(false);
  });

  it("refuses other errors and look-alikes", async () => {
    const { isUpstreamError } = await import("./errors");
    expect(isUpstreamError(new Error("x"))).toBe(false);
    expect(isUpstreamError({ name: "UpstreamError", status: 404, path: "/" })).toBe(false);
    expect(isUpstreamError(null)).toBe(false);
    expect(isUpstreamError("UpstreamError")).toBe(false);
  });
});
