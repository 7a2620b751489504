import { describe, expect, it } from "vitest";

import { LANGUAGES } from "../../app/i18n";
import { LANGUAGE_CODES } from "./users";

describe("member languages", () => {
  it("are the site's interface languages", () => {
    expect([...LANGUAGE_CODES].sort()).toEqual(Object.keys(LANGUAGES).sort());
  });
});
