/** The shared validation cases (validation-cases.json), and the normalised field list. */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { formFields } from "./definition";
import { parseDate, validateSubmission } from "./validate";

interface Case {
  name: string;
  definition: { questions?: unknown[]; data?: unknown[] };
  input: Record<string, unknown>;
  expected: { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, string[]> };
}

/** An input value `{ prefix, repeat, times }` stands for a long string. */
function expand(input: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => {
      const o = v as { prefix?: string; repeat?: string; times?: number } | null;
      return [
        k,
        o && typeof o === "object" && typeof o.repeat === "string"
          ? (o.prefix ?? "") + o.repeat.repeat(o.times ?? 0)
          : v,
      ];
    }),
  );
}

const { cases } = JSON.parse(readFileSync(new URL("./validation-cases.json", import.meta.url), "utf8")) as {
  cases: Case[];
};

describe("validation cases", () => {
  it("cover every field type, valid and invalid", () => {
    const types = new Map<string, Set<boolean>>();
    for (const c of cases) {
      for (const field of formFields(c.definition)) {
        if (!types.has(field.type)) types.set(field.type, new Set());
        types.get(field.type)!.add(c.expected.ok);
      }
    }
    for (const type of [
      "text",
      "textarea",
      "email",
      "phone",
      "number",
      "currency",
      "percent",
      "date",
      "datetime",
      "time",
      "checkbox",
      "select",
      "signature",
    ]) {
      expect([...(types.get(type) ?? [])].sort(), type).toEqual([false, true]);
    }
  });

  for (const c of cases) {
    it(c.name, () => {
      const result = validateSubmission(formFields(c.definition), expand(c.input));
      expect(result).toEqual(c.expected);
    });
  }
});

describe("formFields", () => {
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
    expect(fields).toEqual([
      { name: "7", label: "Your name", type: "text", required: true, placeholder: "Name" },
      {
        name: "timber",
        label: "Timber",
        type: "select",
        required: false,
        options: [{ label: "Ironbark", value: "ib" }],
      },
      { name: "phone", label: "Phone", type: "phone", required: true },
    ]);
  });

  it("reads dates in both shapes", () => {
    expect(parseDate("2026-01-31")).toBe("2026-01-31");
    expect(parseDate("31/01/2026")).toBe("2026-01-31");
    expect(parseDate("29/02/2027")).toBeNull();
  });
});
