import { describe, expect, it } from "vitest";

import { flag, imageHashes, number, oneOf, ref, text, widgetFields } from "./fields";

const junk = [undefined, null, {}, [], ["x"], { a: 1 }, Number.NaN, () => 1];

describe("field types", () => {
  it("text: a string as written, a number as its digits, anything else the fallback", () => {
    expect(text().parse("Hello")).toBe("Hello");
    expect(text().parse(" spaced ")).toBe(" spaced ");
    expect(text().parse(12)).toBe("12");
    expect(text("left").parse(undefined)).toBe("left");
    for (const v of [...junk, true]) expect(text("fallback").parse(v), String(v)).toBe("fallback");
  });

  it("flag: booleans, 1/0 and their strings; anything else the fallback", () => {
    for (const v of [true, 1, "1", "true"]) expect(flag().parse(v), String(v)).toBe(true);
    for (const v of [false, 0, "0", "false"]) expect(flag(true).parse(v), String(v)).toBe(false);
    for (const v of [...junk, "yes", 2, "TRUE"]) {
      expect(flag().parse(v), String(v)).toBe(false);
      expect(flag(true).parse(v), String(v)).toBe(true);
    }
  });

  it("number: numbers and numeric strings, clamped; anything else the fallback", () => {
    const zoom = number(14, { min: 1, max: 21 });
    expect(zoom.parse(17)).toBe(17);
    expect(zoom.parse("17")).toBe(17);
    expect(zoom.parse(" 3 ")).toBe(3);
    expect(zoom.parse(0)).toBe(1);
    expect(zoom.parse(99)).toBe(21);
    expect(zoom.parse(2.5)).toBe(2.5);
    for (const v of [...junk, "", "close", Infinity, true]) expect(zoom.parse(v), String(v)).toBe(14);
  });

  it("oneOf: one of its values exactly as written, else the fallback", () => {
    const level = oneOf(["h1", "h2", "h3"], "h2");
    expect(level.parse("h3")).toBe("h3");
    for (const v of [...junk, "H1", " h1", "h4", "constructor", "__proto__", 1]) {
      expect(level.parse(v), String(v)).toBe("h2");
    }
  });

  it("ref: an id or a slug as given, anything else null", () => {
    expect(ref().parse(7)).toBe(7);
    expect(ref().parse("kitchens")).toBe("kitchens");
    for (const v of [undefined, null, {}, [], true]) expect(ref().parse(v)).toBeNull();
  });

  it("imageHashes: a record of names, anything else none", () => {
    expect(imageHashes().parse({ image: "a".repeat(32) })).toEqual({ image: "a".repeat(32) });
    for (const v of [undefined, null, [], "x", 3]) expect(imageHashes().parse(v)).toEqual({});
  });
});

describe("widgetFields", () => {
  const schema = widgetFields({ heading: text(), zoom: number(14, { min: 1, max: 21 }), centred: flag() });

  it("reads every field, drops the ones it does not name, and defaults the missing", () => {
    const parsed = schema.parse({ heading: "Hi", zoom: "3", extra: "dropped" });
    expect(parsed).toEqual({ heading: "Hi", zoom: 3, centred: false });
  });

  it("never throws: a wrong value is its field's default, and a non-object is all defaults", () => {
    const defaults = { heading: "", zoom: 14, centred: false };
    expect(schema.parse({ heading: {}, zoom: [], centred: "maybe" })).toEqual(defaults);
    for (const v of [undefined, null, "fields", 3, []]) expect(schema.parse(v)).toEqual(defaults);
  });
});
