import { describe, expect, it } from "vitest";

import { CSRF_FIELD } from "~/lib/csrf.server";

import { CSRF_INPUT_NAME } from "./csrf-input";

describe("CsrfInput", () => {
  it("posts the token under the name the server reads", () => {
    expect(CSRF_INPUT_NAME).toBe(CSRF_FIELD);
  });
});
