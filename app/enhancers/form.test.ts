import { describe, expect, it } from "vitest";

import { formFields } from "@contract/form-fields";

import { leadingZeroBits, maskDate, solveCaptcha, suggestPassword } from "./form";
import { checkAnswers } from "./lib/form-check";

describe("the form enhancer", () => {
  it("masks dates as DD/MM/YYYY, dropping digits the mask forbids", () => {
    expect(maskDate("14032027")).toBe("14/03/2027");
    expect(maskDate("4")).toBe("");
    expect(maskDate("1a4")).toBe("14");
    expect(maskDate("142")).toBe("14");
    expect(maskDate("14/03/3")).toBe("14/03");
    expect(maskDate("2027-03-14")).toBe("2027-03-14");
  });

  it("suggests 8 letters and digits, with both", () => {
    for (let i = 0; i < 50; i++) {
      const value = suggestPassword();
      expect(value).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(value).toMatch(/\d/);
      expect(value).toMatch(/[A-Za-z]/);
    }
  });

  it("solves the captcha's puzzle to the difficulty asked", async () => {
    expect(leadingZeroBits(new Uint8Array([0, 0x10, 0xff]))).toBe(11);
    const solution = await solveCaptcha("challenge", 8);
    const hash = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`challenge:${solution}`)),
    );
    expect(hash[0]).toBe(0);
  });
});

describe("conform in the browser", () => {
  const fields = formFields({
    questions: [
      { id: 1, name: "name", label: "Name", required: true, field_type: "text" },
      { id: 2, name: "email", label: "Email", required: true, field_type: "email" },
      { id: 3, name: "attendees", label: "Attendees", required: true, field_type: "number", min: 1, max: 6 },
      { id: 4, name: "signature", label: "Signature", required: true, field_type: "signature" },
      { id: 5, name: "ok", label: "I accept", required: true, field_type: "checkbox" },
    ],
  });
  const post = (entries: Record<string, string>) => {
    const data = new FormData();
    data.set("csrf", "token");
    for (const [k, v] of Object.entries(entries)) data.set(k, v);
    return data;
  };

  it("finds each wrong answer with the schema the action uses, as translation keys", () => {
    const errors = checkAnswers(fields, post({ name: " ", email: "ann@nowhere", attendees: "9" }));
    expect(errors).toMatchObject({
      name: ["forms.errors.required"],
      email: ["forms.errors.email"],
      attendees: ["forms.errors.max"],
      signature: ["forms.errors.required"],
      ok: ["forms.errors.required"],
    });
  });

  it("passes a complete form", () => {
    const signed = "data:image/png;base64,iVBORw0KGgo=";
    const data = post({ name: "Ann", email: "ann@example.com", attendees: "2", signature: signed, ok: "1" });
    expect(checkAnswers(fields, data)).toBeNull();
  });
});
