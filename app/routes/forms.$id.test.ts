import { describe, expect, it } from "vitest";

import {
  anonymous,
  CSRF,
  json,
  memberRequest,
  outcome,
  sessionOf,
  settle,
  signedIn,
  type UpstreamCall,
} from "~/test/member-upstream";

import { action } from "./forms.$id";

const CMS_PUBLIC = "https://cms.dovetail.example";

const form = (over: Record<string, unknown> = {}) => ({
  form: {
    id: 1,
    name: "Contact",
    url: "contact",
    use_captcha: true,
    must_be_logged_on: false,
    cost: 0,
    thank_you: "Thanks, we'll be in touch.",
    questions: [
      { id: 1, name: "name", label: "Name", required: true, field_type: "text" },
      { id: 2, name: "email", label: "Email", required: true, field_type: "email" },
      { id: 3, name: "news", label: "News", field_type: "checkbox" },
    ],
    ...over,
  },
});

const good = {
  name: "Ann",
  email: "ann@example.com",
  idempotency_key: "key-1234567890",
  redirect_to: "/contact?form=enquiry",
  captcha_challenge: "signed.challenge",
  captcha_nojs: "1",
};

async function post(
  fields: Record<string, string>,
  submit: (call: UpstreamCall) => Response,
  opts: { session?: typeof anonymous; headers?: Record<string, string>; definition?: ReturnType<typeof form> } = {},
) {
  const { request, context, calls } = memberRequest(
    "/forms/1",
    fields,
    opts.session ?? anonymous,
    (call) => (call.path === "/api/v1/cognito/form" ? json(opts.definition ?? form()) : submit(call)),
    { "accept-language": "en", ...opts.headers },
  );
  context.upstream.publicUrl = CMS_PUBLIC;
  const result = await outcome(await settle(() => action({ request, context, params: { id: "1" } })));
  return { ...result, calls };
}

const submitted = (calls: UpstreamCall[]) => calls.find((c) => c.path === "/api/v1/cognito/form/submit/1");

describe("POST /forms/{id}", () => {
  it("sends the answers and goes back to the page with the thank-you text", async () => {
    const { status, response, calls } = await post(good, () => json({ success: true, message: "Thank you, Ann." }));
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/contact?form=enquiry");
    expect(submitted(calls)!.body).toEqual({
      data: { name: "Ann", email: "ann@example.com", news: "0" },
      url: "https://dovetail.example/contact",
      idempotency_key: "key-1234567890",
      captcha: { challenge: "signed.challenge", nojs: true },
      language: "en",
    });
    expect((await sessionOf(response!)).get("toast")?.message).toBe("Thank you, Ann.");
  });

  it("passes the solved puzzle and sends a signed-in visitor's token", async () => {
    const { calls } = await post(
      { ...good, captcha_solution: "4711", captcha_nojs: "" },
      () => json({ success: true }),
      {
        session: signedIn,
      },
    );
    const call = submitted(calls)!;
    expect((call.body as { captcha: unknown }).captcha).toEqual({ challenge: "signed.challenge", solution: "4711" });
    expect(call.request.headers.get("authorization")).toBe("Bearer member-token");
  });

  it("refuses a post without the CSRF token", async () => {
    const { request, context } = memberRequest("/forms/1", good, { csrf: "other" }, () => json(form()));
    const response = await settle(() => action({ request, context, params: { id: "1" } }));
    expect(response.status).toBe(403);
    expect(CSRF).not.toBe("other");
  });

  it("answers invalid answers with 400 and the input kept when asked for JSON", async () => {
    const { status, body, calls } = await post({ ...good, email: "nope" }, () => json({ success: true }), {
      headers: { accept: "application/json" },
    });
    expect(status).toBe(400);
    const reply = body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.email).toEqual(["forms.errors.email"]);
    expect(reply.initialValue.name).toBe("Ann");
    expect(submitted(calls)).toBeUndefined();
  });

  it("without JavaScript goes back to the page with the reply flashed (no token in it)", async () => {
    const { status, response } = await post({ ...good, name: "" }, () => json({ success: true }));
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/contact?form=enquiry");
    const flashed = (await sessionOf(response!)).get("formReply") as {
      form: number;
      reply: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(flashed.form).toBe(1);
    expect(flashed.reply.error.name).toEqual(["forms.errors.required"]);
    expect(flashed.reply.initialValue).toEqual({ email: "ann@example.com" });
  });

  it("puts the CMS's field errors next to the fields", async () => {
    const { status, body } = await post(
      good,
      () => json({ success: false, error: "Invalid", errors: { email: ["Blocked address"] } }, 400),
      { headers: { accept: "application/json" } },
    );
    expect(status).toBe(400);
    expect((body as { error: Record<string, string[]> }).error.email).toEqual(["Blocked address"]);
  });

  it("sends a signed-out visitor to sign in on LOGIN_REQUIRED", async () => {
    const { status, response } = await post(good, () =>
      json({ message: "Sign in first", status: 401, code: "LOGIN_REQUIRED" }, 401),
    );
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/login?redirectTo=%2Fcontact%3Fform%3Denquiry");
  });

  it("goes on to the gateway's page when the answer holds one", async () => {
    const { status, response } = await post(good, () =>
      json({ success: true, message: "", payment: `${CMS_PUBLIC}/pay/abc123` }),
    );
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe(`${CMS_PUBLIC}/pay/abc123`);
  });

  it("refuses a payment address off the gateway", async () => {
    const { status, response } = await post(good, () =>
      json({ success: true, message: "", payment: "https://evil.example/pay/abc" }),
    );
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/contact?form=enquiry");
  });

  it("never redirects off the site", async () => {
    const { response } = await post({ ...good, redirect_to: "//evil.example/x" }, () => json({ success: true }));
    expect(response!.headers.get("location")).toBe("/");
  });

  it("refuses a filled honeypot without sending", async () => {
    const { status, calls } = await post({ ...good, website: "http://spam" }, () => json({ success: true }), {
      headers: { accept: "application/json" },
    });
    expect(status).toBe(400);
    expect(submitted(calls)).toBeUndefined();
  });

  it("says so in words when the CMS is down", async () => {
    const { status, body } = await post(good, () => json({ message: "boom" }, 503), {
      headers: { accept: "application/json" },
    });
    expect(status).toBe(503);
    expect((body as { error: Record<string, string[]> }).error[""]).toEqual([
      "We can't send the form just now. Please try again in a minute.",
    ]);
  });
});
