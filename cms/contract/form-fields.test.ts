/** A form's definition read once for both sides, and the rules its answers are checked by. */
import { describe, expect, it } from "vitest";

import { formFields, numberBounds, parseDate, readNumber } from "./form-fields";

describe("formFields", () => {
  it("reads questions, without line breaks in labels", () => {
    const fields = formFields({
      questions: [
        { id: 1, name: "name", label: "Your\nname", required: true, field_type: "text" },
        { id: 2, name: "", label: "", field_type: "content", content: "<p>Hi</p>" },
        { id: 3, name: "go", label: "Send", field_type: "submit" },
      ],
    });
    expect(fields.map((f) => [f.kind, f.name, f.label])).toEqual([
      ["text", "name", "Your name"],
      ["content", "", ""],
      ["submit", "", "Send"],
    ]);
  });

  it("reads the older data fields: subtypes, selects, paragraphs", () => {
    const fields = formFields({
      data: [
        { type: "text", subtype: "email", name: "email", label: "Email", required: "1" },
        { type: "select", name: "timber", label: "Timber", values: [{ label: "Oak", value: "oak" }] },
        { type: "header", label: "About you" },
        { type: "button", label: "Send" },
      ],
    });
    expect(fields.map((f) => f.kind)).toEqual(["email", "select", "content", "submit"]);
    expect(fields[0]?.required).toBe(true);
    expect(fields[1]?.options).toEqual([{ label: "Oak", value: "oak" }]);
    expect(fields[2]?.heading).toBe(true);
  });

  it("normalises questions and older data fields into one list", () => {
    const fields = formFields({
      questions: [
        { id: 7, label: "Your\nname", field_type: "text", required: "1", placeholder: "Name" },
        { id: 8, name: "timber", label: "Timber", field_type: "select", options: [{ label: "Ironbark", value: "ib" }] },
        { id: 9, name: "x", field_type: "mystery" },
      ],
      data: [
        { type: "text", subtype: "tel", name: "phone", label: "Phone", required: true },
        { type: "text", name: "7", label: "Same name as a question" },
      ],
    });
    expect(fields.map(({ name, kind, label, required }) => ({ name, kind, label, required }))).toEqual([
      { name: "7", kind: "text", label: "Your name", required: true },
      { name: "timber", kind: "select", label: "Timber", required: false },
      { name: "phone", kind: "phone", label: "Phone", required: true },
    ]);
    expect(fields[0]).toMatchObject({ placeholder: "Name", min: null, max: null, options: [], value: "" });
    expect(fields[1]?.options).toEqual([{ label: "Ironbark", value: "ib" }]);
  });

  it("reads dates in both shapes", () => {
    expect(parseDate("2026-01-31")).toBe("2026-01-31");
    expect(parseDate("31/01/2026")).toBe("2026-01-31");
    expect(parseDate("29/02/2027")).toBeNull();
  });
});

describe("the two readings made one (the site's and the CMS's)", () => {
  it("knows every alias either side knew", () => {
    const kinds = formFields({
      questions: [
        { name: "a", field_type: "dropdown" },
        { name: "b", field_type: "radio" },
        { name: "c", field_type: "tel" },
        { name: "d", field_type: "datetime-local" },
      ],
      data: [
        { type: "text", subtype: "currency", name: "e" },
        { type: "text", subtype: "date", name: "f" },
        { type: "radio-group", name: "g" },
        { type: "checkbox-group", name: "h" },
      ],
    }).map((f) => f.kind);
    expect(kinds).toEqual(["select", "select", "phone", "datetime", "currency", "date", "select", "checkbox"]);
  });

  it("names a nameless question by its id, as the CMS stores its answer", () => {
    expect(formFields({ questions: [{ id: 4, label: "Age", field_type: "number" }] })[0]?.name).toBe("4");
  });

  it("shows a content question's label when it has no content", () => {
    expect(formFields({ questions: [{ field_type: "content", label: "Read me" }] })[0]?.content).toBe("Read me");
  });
});

describe("the answer rules", () => {
  it("read amounts and percentages, and bound a percentage to 0–100", () => {
    expect(readNumber("$1,250.50", "currency")).toBe(1250.5);
    expect(readNumber("1.005", "currency")).toBeNaN();
    expect(readNumber("12.5%", "percent")).toBe(12.5);
    expect(readNumber("seven")).toBeNaN();
    expect(numberBounds({ kind: "percent", min: null, max: null })).toEqual({ min: 0, max: 100 });
  });

  it("take DD/MM/YYYY dates within the mask only", () => {
    expect(parseDate("31/12/2026")).toBe("2026-12-31");
    expect(parseDate("01/01/3026")).toBeNull();
    expect(parseDate("41/12/2026")).toBeNull();
  });
});
