import { describe, expect, it } from "vitest";

import { formFields } from "@contract/form-fields";
import { widget } from "~/test/gallery-fixtures";
import type { Fields } from "~/test/widgets";
import { renderWidget } from "~/test/widgets";

import type { FormWidgetData } from "./load.server";

const show = (fields: Fields, data: unknown) => renderWidget(widget("core/form", fields), { data });

const base = (over: Partial<FormWidgetData> = {}): FormWidgetData => ({
  form: {
    id: 3,
    name: "Contact",
    url: "contact",
    use_captcha: false,
    must_be_logged_on: false,
    cost: 0,
    thank_you: "",
  },
  fields: formFields({
    questions: [
      { id: 1, name: "name", label: "Your\nname", required: true, field_type: "text" },
      { id: 2, name: "email", label: "Email", required: true, field_type: "email" },
      { id: 3, name: "when", label: "When", field_type: "date" },
      { id: 4, name: "qty", label: "How many", field_type: "number", min: 1, max: 9 },
      { id: 5, name: "ok", label: "Keep me posted", field_type: "checkbox" },
      {
        id: 6,
        name: "",
        label: "",
        field_type: "content",
        content: '<p onclick="x()">Hello<script>bad()</script></p>',
      },
      { id: 7, name: "pw", label: "Password", field_type: "password" },
    ],
    data: null,
  }),
  csrf: "token-1",
  today: "2026-11-29",
  idempotencyKey: "key-12345678",
  returnPath: "/contact",
  signedIn: false,
  captcha: null,
  payment: null,
  surcharge: null,
  reply: null,
  prefill: {},
  ...over,
});

describe("core/form", () => {
  it("renders nothing without its data", () => {
    expect(show({ id: 3 }, null)).toBe("");
  });

  it("renders a form that posts to /forms/{id} with the CSRF token and an idempotency key", () => {
    const html = show({ id: 3 }, base());
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/forms\/3"/);
    expect(html).toContain('name="csrf" value="token-1"');
    expect(html).toContain('name="idempotency_key" value="key-12345678"');
    expect(html).toContain('name="redirect_to" value="/contact"');
    expect(html).toMatch(/data-enhance="form"/);
  });

  it("marks required fields, keeps labels on one line and uses the date placeholder", () => {
    const html = show({ id: 3 }, base());
    expect(html).toMatch(/Your name<span[^>]*>[^<]*(<!-- -->)?\*<\/span>/);
    expect(html).toContain('placeholder="dd/mm/yyyy"');
    expect(html).toMatch(/name="qty"[^>]*min="1"[^>]*max="9"/);
    expect(html).toMatch(/type="checkbox"[^>]*value="1"/);
  });

  it("shows the content without scripts or handlers", () => {
    const html = show({ id: 3 }, base());
    expect(html).toContain("Hello");
    expect(html).not.toContain("bad()");
    expect(html).not.toContain("onclick");
  });

  it("shows a failed post's errors next to the fields, with the input kept", () => {
    const html = show(
      { id: 3 },
      base({
        reply: {
          status: "error",
          initialValue: { name: "Ann", email: "nope" },
          error: { email: ["forms.errors.email"] },
        },
      }),
    );
    expect(html).toMatch(/name="name"[^>]*value="Ann"|value="Ann"[^>]*name="name"/);
    expect(html).toContain("Enter a valid email address.");
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("prompts '-- Select --' in a select unless it has a placeholder, and resets an unknown value", () => {
    const fields = formFields({
      data: [
        { type: "select", name: "timber", label: "Timber", values: [{ label: "Oak", value: "oak" }] },
        { type: "select", name: "size", label: "Size", placeholder: "Pick one", values: ["S", "M"] },
      ],
    });
    const html = show({ id: 3 }, base({ fields, prefill: { timber: "pine" } }));
    expect(html).toContain(">-- Select --</option>");
    expect(html).toContain(">Pick one</option>");
    expect(html).not.toMatch(/value="pine"/);
  });

  it("carries the captcha's challenge, the no-JS flag and a hidden honeypot", () => {
    const html = show({ id: 3 }, base({ captcha: { challenge: "abc.def", difficulty: 12, expires_at: null } }));
    expect(html).toContain('name="captcha_challenge" value="abc.def"');
    expect(html).toContain('name="captcha_nojs" value="1"');
    expect(html).toMatch(/name="website"[^>]*tabindex="-1"[^>]*autocomplete="off"|tabindex="-1"[^>]*name="website"/i);
    expect(html).toContain("Leave this empty");
  });

  it("after a paid return shows the success text instead of the form", () => {
    const html = show({ id: 3 }, base({ payment: { paid: true, status: "paid", tickets: null } }));
    expect(html).toContain("Payment Successful. Please check your email for your invoice.");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("/tickets/");
    const declined = base({ payment: { paid: false, status: "declined", tickets: null } });
    expect(show({ id: 3 }, declined)).toContain("Payment Failed");
  });

  it("after a paid booking links its tickets", () => {
    const html = show({ id: 3 }, base({ payment: { paid: true, status: "paid", tickets: "ABCDEFGHJKMN" } }));
    expect(html).toMatch(/<a[^>]*href="\/tickets\/ABCDEFGHJKMN"[^>]*>Print your tickets<\/a>/);
  });

  it("a booking: the price a person, whole places, and the days offered beside the date", () => {
    const data = base({
      form: { ...base().form, cost: 95 },
      fields: formFields({
        questions: [
          {
            id: 1,
            name: "date",
            label: "Workshop date",
            field_type: "date",
            weekdays: [6],
            min_days_ahead: 7,
            max_days_ahead: 180,
          },
          { id: 2, name: "attendees", label: "Attendees", field_type: "number", min: 1, max: 6, per_person: true },
        ],
      }),
    });
    const html = show({ id: 3 }, data);
    expect(html).toContain("Cost: $95.00 a person");
    expect(html).toMatch(/name="attendees"[^>]*step="1"|step="1"[^>]*name="attendees"/);
    expect(html).toContain("Available: Saturday, 6 December 2026 to 28 May 2027.");
    expect(html).not.toContain("surcharge");
    // A card surcharge is said before paying; a free form never mentions one.
    const surcharged = show({ id: 3 }, { ...data, surcharge: { percent: 1.5, fixed: 0.3 } });
    expect(surcharged).toContain("Card payments add a surcharge of 1.5% + $0.30.");
    expect(show({ id: 3 }, base({ surcharge: { percent: 1.5, fixed: 0 } }))).not.toContain("surcharge");
  });

  it("asks a signed-out visitor to sign in for a must_be_logged_on form", () => {
    const data = base();
    const html = show({ id: 3 }, { ...data, form: { ...data.form, must_be_logged_on: true } });
    expect(html).toContain("Sign in to fill this in");
    expect(html).toContain('href="/login?redirectTo=%2Fcontact"');
  });

  it("a required signature explains, without JavaScript, that signing needs it, above the form", () => {
    const fields = formFields({
      questions: [{ id: 1, name: "signature", label: "Sign", required: true, field_type: "signature" }],
    });
    const html = show({ id: 3 }, base({ fields }));
    expect(html).toMatch(/<noscript>.*Signing needs JavaScript.*<\/noscript>.*<form/s);
    expect(html).toMatch(/data-enhance="form signature"/);
  });
});
