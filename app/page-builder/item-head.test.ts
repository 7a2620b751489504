import { describe, expect, it } from "vitest";

import { plainText } from "./item-head";

describe("plainText", () => {
  it("turns CMS HTML into one line: tags out, entities read, spaces folded", () => {
    expect(plainText("<p>Spotted gum &amp; cypress,</p>\n<p>made&nbsp;by <b>hand</b>.</p>")).toBe(
      "Spotted gum & cypress, made by hand.",
    );
    expect(plainText(null)).toBe("");
  });

  it("cuts a long text at a word before 160 characters, with an ellipsis", () => {
    const long = `<p>${"Kiln-dried spotted gum, ".repeat(12)}</p>`;
    const text = plainText(long);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("gum…") || text.endsWith("spotted…") || text.endsWith("Kiln-dried…")).toBe(true);
  });
});
