import type express from "express";
import { describe, expect, it } from "vitest";

import { refuseUnboundedBodies, UPLOAD_BODY_LIMITS } from "./request-guards.server";

function run(path: string, length: number) {
  const headers: Record<string, string> = { "content-length": String(length) };
  const req = {
    method: "POST",
    path,
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as express.Request;
  let status = 0;
  let passed = false;
  const res = {
    status(code: number) {
      status = code;
      return this;
    },
    type() {
      return this;
    },
    send() {
      return this;
    },
  } as unknown as express.Response;
  refuseUnboundedBodies(req, res, () => {
    passed = true;
  });
  return passed ? "passed" : status;
}

describe("the body limit of the profile picture (decision 050)", () => {
  it("lets a 5 MB picture and its form reach /profile's action", () => {
    expect(run("/profile", 5 * 1024 * 1024 + 2000)).toBe("passed");
  });

  it("still refuses more than its bound there, and more than 1 MB anywhere else", () => {
    expect(run("/profile", UPLOAD_BODY_LIMITS["/profile"] + 1)).toBe(413);
    expect(run("/signup", 2_000_000)).toBe(413);
    expect(run("/profile/", 2_000_000)).toBe(413);
  });
});

describe("the body limit of a back-office photo (a product's or a gallery's)", () => {
  it("lets a 10 MB image reach the record's action, and nowhere else in the back-office", () => {
    expect(run("/cms/records/product/12", 10 * 1024 * 1024 + 5000)).toBe("passed");
    expect(run("/cms/records/gallery/3", 10 * 1024 * 1024 + 5000)).toBe("passed");
    expect(run("/cms/records/product/12", 12 * 1024 * 1024)).toBe(413);
    expect(run("/cms/records/faq/12", 2_000_000)).toBe(413);
    expect(run("/cms/settings", 2_000_000)).toBe(413);
  });
});
