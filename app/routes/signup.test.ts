import { describe, expect, it } from "vitest";

import { anonymous, json, memberRequest, outcome, sessionOf, settle, type UpstreamCall } from "~/test/member-upstream";

import { action as recoverAction, loader as recoverLoader } from "./forgotpassword";
import { action as signupAction } from "./signup";

const settings = (ask: boolean) => json({ data: { name: "Dovetail", ask_date_of_birth: ask } });

function cms(ask: boolean, rest: (call: UpstreamCall) => Response) {
  return (call: UpstreamCall) => (call.path.endsWith("/currentDomain") ? settings(ask) : rest(call));
}

async function signUp(fields: Record<string, string>, answer: (call: UpstreamCall) => Response) {
  const { request, context, calls } = memberRequest("/signup", fields, anonymous, answer, { "accept-language": "en" });
  return { ...(await outcome(await settle(() => signupAction({ request, context, params: {} })))), calls };
}

const person = { first_name: "Bea", last_name: "Jones", email: "bea@example.com" };

describe("/signup", () => {
  it("sends the link and says to check the email, whatever the address", async () => {
    const { status, response, calls } = await signUp(
      person,
      cms(false, () => json({ ok: true })),
    );
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/signup?sent=1");
    const sent = calls.find((c) => c.path.endsWith("/registerLink"))!.body as Record<string, string>;
    expect(sent).toMatchObject({ ...person, language: "en" });
    expect(sent.fingerprint).toHaveLength(21);
    expect((await sessionOf(response!)).get("toast")?.message).toBe("Check your email: we sent you a link to confirm.");
  });

  it("asks for the date of birth only when the setting is on, and then requires it", async () => {
    const off = await signUp(
      { ...person, date_of_birth: "1990-01-01" },
      cms(false, () => json({ ok: true })),
    );
    expect(off.calls.find((c) => c.path.endsWith("/registerLink"))!.body).not.toHaveProperty("date_of_birth");
    const missing = await signUp(
      person,
      cms(true, () => json({ ok: true })),
    );
    expect(missing.status).toBe(400);
    expect((missing.body as { error: Record<string, string[]> }).error.date_of_birth).toEqual([
      "profile.errors.required",
    ]);
    const given = await signUp(
      { ...person, date_of_birth: "1990-01-01" },
      cms(true, () => json({ ok: true })),
    );
    expect(given.status).toBe(303);
    expect(given.calls.find((c) => c.path.endsWith("/registerLink"))!.body).toMatchObject({
      date_of_birth: "1990-01-01",
    });
  });

  it("shows the CMS's field errors next to the fields, with the input kept", async () => {
    const refuse = () =>
      json({ message: "Invalid", status: 400, errors: { email: ["That email can't be used"] } }, 400);
    const { status, body } = await signUp(person, cms(false, refuse));
    expect(status).toBe(400);
    const reply = body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.email).toEqual(["That email can't be used"]);
    expect(reply.initialValue.first_name).toBe("Bea");
  });

  it("answers a rate limit with 429, Retry-After and a translated message", async () => {
    const limited = () =>
      json({ message: "Too many", code: "RATE_LIMITED", retry_after: 120 }, 429, { "retry-after": "120" });
    const { status, headers, body } = await signUp(person, cms(false, limited));
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBe("120");
    expect((body as { error: Record<string, string[]> }).error[""]).toEqual([
      "Too many attempts. Please wait 2 min and try again.",
    ]);
  });
});

async function recover(fields: Record<string, string>, answer: (call: UpstreamCall) => Response) {
  const { request, context, calls } = memberRequest("/forgotpassword", fields, anonymous, answer, {
    "accept-language": "en",
  });
  return { ...(await outcome(await settle(() => recoverAction({ request, context, params: {} })))), calls };
}

describe("/forgotpassword", () => {
  it("opens at the code step with the mail link's email and code filled in, spending nothing", async () => {
    const { request, context, calls } = memberRequest(
      "/forgotpassword?email=bea%40example.com&code=123456",
      null,
      anonymous,
      () => json({}),
    );
    const { body } = await outcome(await recoverLoader({ request, context, params: {} }));
    expect(body).toMatchObject({ email: "bea@example.com", code: "123456" });
    expect(calls).toEqual([]);
  });

  it("asks for a code, then goes to the code step", async () => {
    const { status, response, calls } = await recover({ intent: "request", email: "bea@example.com" }, () =>
      json({ ok: true }),
    );
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/forgotpassword?email=bea%40example.com");
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/v1/cognito/user/recoverPassword" });
  });

  it("sets the new password by POST and sends the visitor to sign in with a message", async () => {
    const fields = { intent: "reset", email: "bea@example.com", code: "123456", newpassword: "new-password-1" };
    const { status, response, calls } = await recover(fields, () => json({ ok: true }));
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/login");
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/v1/cognito/user/recoverPasswordCheck" });
    expect(calls[0].body).toEqual({ email: "bea@example.com", code: "123456", newpassword: "new-password-1" });
    expect((await sessionOf(response!)).get("toast")?.message).toBe(
      "Password changed, sign in with your new password.",
    );
  });

  it.each([
    ["CODE_USED", "That code has already been used. Ask for a new one."],
    ["CODE_EXPIRED", "That code has expired. Ask for a new one."],
    ["CODE_INVALID", "That code is not right. Check it or ask for a new one."],
  ])("says %s plainly next to the code", async (code, message) => {
    const fields = { intent: "reset", email: "bea@example.com", code: "123456", newpassword: "new-password-1" };
    const { status, body } = await recover(fields, () => json({ message: "no", status: 400, code }, 400));
    expect(status).toBe(400);
    const reply = body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.code).toEqual([message]);
    expect(reply.initialValue.email).toBe("bea@example.com");
  });
});
