import { describe, expect, it } from "vitest";

import { formValue, MODELS, modelSchema, modelSpec } from "./models";

const schemaOf = (name: string) => modelSchema(modelSpec(name)!);

describe("the back-office's model descriptions as zod schemas", () => {
  it("accepts a whole product and sends its price in cents", () => {
    const parsed = schemaOf("product").safeParse({ name: "Bench", slug: "bench", group_id: 3, price_cents: 1249.5 });
    expect(parsed.success && parsed.data).toMatchObject({
      name: "Bench",
      group_id: 3,
      price_cents: 124950,
      description: "",
    });
  });

  it("names the field that is wrong, with its message's key", () => {
    const parsed = schemaOf("product").safeParse({ slug: "bench", group_id: 3, price_cents: -1 });
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : parsed.error.flatten().fieldErrors;
    expect(errors).toEqual({ name: ["records.errors.required"], price_cents: ["records.errors.money"] });
  });

  it("refuses a select's value that is not one of its options", () => {
    const parsed = schemaOf("testimonial").safeParse({ name: "Ann", rating: "9" });
    expect(parsed.success ? {} : parsed.error.flatten().fieldErrors).toEqual({ rating: ["records.errors.choose"] });
    const ok = schemaOf("testimonial").safeParse({ name: "Ann", rating: "5" });
    expect(ok.success && ok.data.rating).toBe(5);
  });

  it("sends a group's parent only when the group is made (moving is group/move)", () => {
    const spec = modelSpec("group")!;
    const made = modelSchema(spec, true).safeParse({ name: "Chairs", slug: "chairs", parent_id: 4 });
    expect(made.success && made.data.parent_id).toBe(4);
    const changed = modelSchema(spec).safeParse({ name: "Chairs", slug: "chairs", parent_id: 4 });
    expect(changed.success && "parent_id" in changed.data).toBe(false);
  });

  it("keeps a form's question rows, leaves out the blank one and checks the rest", () => {
    const schema = schemaOf("form");
    const ok = schema.safeParse({
      name: "Enquiry",
      url: "enquiry",
      questions: [{ label: "Email", name: "email", field_type: "email", required: true }, {}],
    });
    expect(ok.success && ok.data.questions).toEqual([
      { label: "Email", name: "email", field_type: "email", required: true },
    ]);
    const bad = schema.safeParse({
      name: "Enquiry",
      url: "enquiry",
      questions: [{ label: "Colour", field_type: "rainbow" }],
    });
    expect(bad.success).toBe(false);
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join("."))).toEqual(["questions.0.field_type"]);
  });

  it("keeps a display row (content, submit) that has no label or name", () => {
    const parsed = schemaOf("form").safeParse({
      name: "Enquiry",
      url: "enquiry",
      questions: [{ field_type: "content" }, { field_type: "text" }, { label: "Send", field_type: "submit" }],
    });
    expect(parsed.success && parsed.data.questions.map((q: { field_type: string }) => q.field_type)).toEqual([
      "content",
      "submit",
    ]);
  });

  it("shows a record's cents as dollars and its nulls as empty inputs", () => {
    const product = modelSpec("product")!;
    const price = product.fields.find((x) => x.name === "price_cents")!;
    expect(formValue(price, 124950)).toBe("1249.50");
    expect(
      formValue(
        product.fields.find((x) => x.name === "slug")!,
        null,
      ),
    ).toBe("");
  });

  it("describes every model of the contract's table the screens edit", () => {
    expect(MODELS.map((m) => m.name).sort()).toEqual(
      [
        "faq",
        "form",
        "gallery",
        "group",
        "link",
        "person",
        "product",
        "redirect",
        "slide",
        "testimonial",
        "user",
        "voucherTheme",
      ].sort(),
    );
  });
});
