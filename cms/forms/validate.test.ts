/** The CMS checks a submission as the contract's cases say (cms/contract/form-validation-cases.json). */
import { describe, expect, it } from "vitest";

import { formFields } from "../contract/form-fields";
import { validationCases as cases } from "../contract/form-validation-cases";
import { validateSubmission } from "./validate";

describe("validation cases", () => {
  it("cover every field type, valid and invalid", () => {
    const types = new Map<string, Set<boolean>>();
    for (const c of cases) {
      for (const field of formFields(c.definition)) {
        if (!types.has(field.kind)) types.set(field.kind, new Set());
        types.get(field.kind)!.add(c.expected.ok);
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
      const result = validateSubmission(formFields(c.definition), c.input, { today: c.today });
      expect(result).toEqual(c.expected);
    });
  }
});
