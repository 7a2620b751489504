import { describe, expect, it } from "vitest";

import type { FormField } from "@contract/form-fields";
import { formFields } from "@contract/form-fields";
import { validationCases } from "@contract/form-validation-cases";

import { selectValue } from "./definition";
import { buildFormSchema, ERR, isFormDate } from "./schema";

const field = (kind: FormField["kind"], extra: Partial<FormField> = {}): FormField => ({
  name: "f",
  kind,
  label: "F",
  required: false,
  placeholder: "",
  min: null,
  max: null,
  options: [],
  value: "",
  content: "",
  heading: false,
  whole: false,
  perPerson: false,
  dates: null,
  ...extra,
});

const check = (f: FormField, value: unknown) => {
  const r = buildFormSchema([f]).safeParse(value === undefined ? {} : { f: value });
  return r.success
    ? { ok: true as const, value: (r.data as Record<string, unknown>).f }
    : { ok: false as const, message: r.error.issues[0]?.message };
};

describe("selectValue", () => {
  it("resets a dropdown's value that is not among its options", () => {
    const f = field("select", { options: [{ label: "Oak", value: "oak" }] });
    expect(selectValue(f, "oak")).toBe("oak");
    expect(selectValue(f, "pine")).toBe("");
  });
});

describe("buildFormSchema, per field type", () => {
  it("required fields", () => {
    expect(check(field("text", { required: true }), "")).toEqual({ ok: false, message: ERR.required });
    expect(check(field("text", { required: true }), undefined)).toEqual({ ok: false, message: ERR.required });
    expect(check(field("text"), undefined).ok).toBe(true);
  });

  it("email and phone", () => {
    expect(check(field("email"), "a@b.co").ok).toBe(true);
    expect(check(field("email"), "nope")).toEqual({ ok: false, message: ERR.email });
    expect(check(field("phone"), "07 5446 0000").ok).toBe(true);
    expect(check(field("phone"), "call me")).toEqual({ ok: false, message: ERR.phone });
  });

  it("numbers with min and max, currency and percent", () => {
    const n = field("number", { min: 1, max: 10 });
    expect(check(n, "5").ok).toBe(true);
    expect(check(n, "0")).toEqual({ ok: false, message: ERR.min });
    expect(check(n, "11")).toEqual({ ok: false, message: ERR.max });
    expect(check(n, "x")).toEqual({ ok: false, message: ERR.number });
    expect(check(field("currency"), "$1,250.50").ok).toBe(true);
    expect(check(field("percent"), "12.5%").ok).toBe(true);
  });

  it("dates: DD/MM/YYYY within the mask or a native date", () => {
    expect(isFormDate("31/12/2026")).toBe(true);
    expect(isFormDate("2026-12-31")).toBe(true);
    expect(isFormDate("41/12/2026")).toBe(false);
    expect(isFormDate("01/21/2026")).toBe(false);
    expect(isFormDate("01/01/3026")).toBe(false);
    expect(isFormDate("31/02/2026")).toBe(false);
    expect(check(field("date"), "12/2026")).toEqual({ ok: false, message: ERR.date });
  });

  it("datetime and time", () => {
    expect(check(field("datetime"), "2026-11-25T10:30").ok).toBe(true);
    expect(check(field("datetime"), "tomorrow").ok).toBe(false);
    expect(check(field("time"), "09:15").ok).toBe(true);
    expect(check(field("time"), "25:00").ok).toBe(false);
  });

  it("checkboxes are 1 or 0", () => {
    expect(check(field("checkbox"), "on")).toEqual({ ok: true, value: "1" });
    expect(check(field("checkbox"), undefined)).toEqual({ ok: true, value: "0" });
    expect(check(field("checkbox", { required: true }), undefined)).toEqual({ ok: false, message: ERR.required });
  });

  it("selects take only their options", () => {
    const s = field("select", { options: [{ label: "Oak", value: "oak" }] });
    expect(check(s, "oak").ok).toBe(true);
    expect(check(s, "pine")).toEqual({ ok: false, message: ERR.option });
  });

  it("signatures are png, jpeg or svg data URLs", () => {
    const s = field("signature", { required: true });
    expect(check(s, "data:image/png;base64,iVBORw0KGgo=").ok).toBe(true);
    expect(check(s, "data:image/svg+xml;base64,PHN2Zz4=").ok).toBe(true);
    expect(check(s, "data:image/gif;base64,R0lGOD==")).toEqual({ ok: false, message: ERR.signature });
    expect(check(s, "")).toEqual({ ok: false, message: ERR.required });
  });
});

// The contract's cases (cms/contract/form-validation-cases.json): the site accepts and refuses what the CMS does.
describe("buildFormSchema against the contract's validation cases", () => {
  it("has cases", () => expect(validationCases.length).toBeGreaterThan(0));
  for (const c of validationCases) {
    it(c.name, () => {
      const ok = buildFormSchema(formFields(c.definition), c.today).safeParse(c.input).success;
      expect(ok).toBe(c.expected.ok);
    });
  }
});
