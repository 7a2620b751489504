import { describe, expect, it } from "vitest";

import {
  accountAnswer,
  anonymous,
  json,
  memberRequest,
  outcome,
  sessionOf,
  settle,
  signedIn,
  type UpstreamCall,
} from "~/test/member-upstream";

import { action, loader } from "./route";
import { MAX_IMAGE_BYTES } from "./schema";

const SEEDED_FLAGS = {
  profile_edit_name: true,
  profile_edit_emergency_contact: true,
  profile_edit_company_name: true,
  profile_edit_addresses: true,
};

/** A fake CMS: myAccount with the given flags and user; other calls answered by `rest`. */
function cms(
  flags: Record<string, boolean>,
  user: Record<string, unknown> = {},
  rest: (call: UpstreamCall) => Response = () => json({ message: "unexpected" }, 500),
) {
  return (call: UpstreamCall) => (call.path.endsWith("/myAccount") ? json(accountAnswer(flags, user)) : rest(call));
}

async function post(
  fields: Record<string, string | File>,
  answer: (call: UpstreamCall) => Response,
  session = signedIn,
) {
  const { request, context, calls } = memberRequest("/profile", fields, session, answer, { "accept-language": "en" });
  const result = await settle(() => action({ request, context, params: {} }));
  return { ...(await outcome(result)), calls };
}

const updated = (call: UpstreamCall) => json({ user: accountAnswer({}, call.body as Record<string, unknown>).user });

describe("/profile loader", () => {
  it("sends a signed-out visitor to sign in, then back to the profile", async () => {
    const { request, context } = memberRequest("/profile", null, anonymous, () => json({}));
    const response = await settle(() => loader({ request, context, params: {} }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("says the page is unavailable for a moment (503, Retry-After) when the CMS cannot answer", async () => {
    const { request, context } = memberRequest("/profile", null, signedIn, () =>
      json({ message: "The service is unavailable for a moment", status: 503 }, 503),
    );
    // Thrown as the 503 page's data, as a CMS page's outage is (cms-page.server.ts's `unavailable`).
    const thrown = (await loader({ request, context, params: {} }).catch((e: unknown) => e)) as {
      init?: { status?: number; headers?: Record<string, string> };
    };
    expect(thrown.init?.status).toBe(503);
    expect(thrown.init?.headers?.["Retry-After"]).toBe("30");
  });

  it("shows the credit in dollars, the club label, and which fields may be edited", async () => {
    const { request, context } = memberRequest("/profile", null, signedIn, cms(SEEDED_FLAGS, {}), {
      "accept-language": "en",
    });
    const { body } = await outcome(await loader({ request, context, params: {} }));
    const view = body as { credit: string; clubLabel: string; editable: string[]; manageAddresses: boolean };
    expect(view.credit).toBe("A$25.50");
    expect(view.clubLabel).toBe("Partner Name");
    // The seeded flags: name, emergency contact, company name and addresses; the phone and password always.
    expect(view.editable.sort()).toEqual([
      "company_name",
      "emergency_contact_name",
      "emergency_contact_phone",
      "first_name",
      "last_name",
      "mobile_phone",
      "newpassword",
    ]);
    expect(view.manageAddresses).toBe(true);
  });
});

describe("/profile details", () => {
  it("saves an allowed field and comes back to the profile (303) with a message", async () => {
    const { status, response, calls } = await post(
      { intent: "details", first_name: "Alicia", last_name: "Smith", company_name: "Oak & Co" },
      cms(SEEDED_FLAGS, {}, updated),
    );
    expect(status).toBe(303);
    expect(response!.headers.get("location")).toBe("/profile");
    const update = calls.find((c) => c.path.endsWith("/updateProfile"));
    expect(update?.body).toEqual({ first_name: "Alicia", last_name: "Smith", company_name: "Oak & Co" });
    const session = await sessionOf(response!);
    expect(session.get("toast")).toMatchObject({ kind: "success", message: "Your details have been saved." });
    expect(session.get("member")?.name).toBe("Alicia Smith");
  });

  it("refuses a field the flags do not allow (403) without calling the CMS, whatever the form sends", async () => {
    const { status, body, calls } = await post(
      { intent: "details", first_name: "Alice", company_phone: "07 5446 0000" },
      cms(SEEDED_FLAGS, {}, updated),
    );
    expect(status).toBe(403);
    expect(calls.some((c) => c.path.endsWith("/updateProfile"))).toBe(false);
    expect((body as { error: Record<string, string[]> }).error.company_phone).toEqual([
      "This field can't be changed here.",
    ]);
  });

  it("never changes the sign-in email", async () => {
    const { status, calls } = await post({ intent: "details", email: "mallory@example.com" }, cms(SEEDED_FLAGS));
    expect(status).toBe(403);
    expect(calls.some((c) => c.path.endsWith("/updateProfile"))).toBe(false);
  });

  it("lets the date of birth be set when empty (with its flag), but not changed once set", async () => {
    const flags = { profile_edit_date_of_birth: true };
    const first = await post({ intent: "details", date_of_birth: "1980-05-01" }, cms(flags, {}, updated));
    expect(first.status).toBe(303);
    const again = await post(
      { intent: "details", date_of_birth: "1981-05-01" },
      cms(flags, { date_of_birth: "1980-05-01" }, updated),
    );
    expect(again.status).toBe(403);
    const changeable = await post(
      { intent: "details", date_of_birth: "1981-05-01" },
      cms({ ...flags, change_date_of_birth: true }, { date_of_birth: "1980-05-01" }, updated),
    );
    expect(changeable.status).toBe(303);
    const noFlag = await post({ intent: "details", date_of_birth: "1980-05-01" }, cms({ change_date_of_birth: true }));
    expect(noFlag.status).toBe(403);
  });

  it("always lets the mobile phone and a new password change; an empty password field is left out", async () => {
    const { status, calls } = await post(
      { intent: "details", mobile_phone: "0411 111 111", newpassword: "" },
      cms({}, {}, updated),
    );
    expect(status).toBe(303);
    expect(calls.find((c) => c.path.endsWith("/updateProfile"))?.body).toEqual({ mobile_phone: "0411 111 111" });
  });

  it("keeps the input and shows the CMS's refusal next to its field", async () => {
    const refuse = () =>
      json({ message: "Not allowed", status: 403, code: "FIELD_NOT_ALLOWED", errors: { first_name: ["Nope"] } }, 403);
    const { status, body } = await post({ intent: "details", first_name: "Al" }, cms(SEEDED_FLAGS, {}, refuse));
    expect(status).toBe(403);
    const reply = body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.first_name).toEqual(["Nope"]);
    expect(reply.initialValue.first_name).toBe("Al");
  });

  it("answers a bad value with 400, the error by its field and the input kept", async () => {
    const { status, body } = await post({ intent: "details", newpassword: "short" }, cms({}));
    expect(status).toBe(400);
    expect((body as { error: Record<string, string[]> }).error.newpassword).toEqual(["profile.errors.passwordShort"]);
  });
});

describe("/profile image", () => {
  const png = (bytes: number, type = "image/png") => new File([new Uint8Array(bytes)], "me.png", { type });

  it("forwards a picture to uploadImage as multipart", async () => {
    const { status, calls } = await post({ intent: "image", image: png(100) }, cms({}, {}, updated));
    expect(status).toBe(303);
    const upload = calls.find((c) => c.path.endsWith("/uploadImage"));
    expect((upload?.body as { image: File }).image.size).toBe(100);
  });

  it("refuses a picture over 5 MB with 413 and a clear message, without sending it", async () => {
    const { status, body, calls } = await post({ intent: "image", image: png(MAX_IMAGE_BYTES + 1) }, cms({}));
    expect(status).toBe(413);
    expect((body as { error: Record<string, string[]> }).error.image).toEqual([
      "That picture is larger than 5 MB. Choose a smaller one.",
    ]);
    expect(calls.some((c) => c.path.endsWith("/uploadImage"))).toBe(false);
  });

  it("refuses a file that is not an image (400)", async () => {
    const { status } = await post({ intent: "image", image: png(10, "text/plain") }, cms({}));
    expect(status).toBe(400);
  });
});

describe("/profile addresses", () => {
  it("disables an address and comes back with a message", async () => {
    const { status, calls } = await post(
      { intent: "address-disable", id: "3" },
      cms(SEEDED_FLAGS, {}, () => json({ ok: true })),
    );
    expect(status).toBe(303);
    expect(calls.find((c) => c.path.endsWith("/address/disable"))?.body).toEqual({ id: 3 });
  });

  it("turns the CMS's 404 for another member's address into a friendly message", async () => {
    const { status, body } = await post(
      { intent: "address-enable", id: "999" },
      cms(SEEDED_FLAGS, {}, () => json({ message: "Not found", status: 404 }, 404)),
    );
    expect(status).toBe(404);
    expect((body as { error: Record<string, string[]> }).error[""]).toEqual([
      "We couldn't find that address. Reload the page and try again.",
    ]);
  });

  it("refuses address changes when profile_edit_addresses is off", async () => {
    const { status, calls } = await post({ intent: "address-disable", id: "3" }, cms({}));
    expect(status).toBe(403);
    expect(calls.some((c) => c.path.includes("/sell/address"))).toBe(false);
  });

  it("adds an address, and keeps the input with the errors when a field is missing", async () => {
    const address = {
      intent: "address-add",
      first_name: "Alice",
      last_name: "Smith",
      street_address: "1 Oak St",
      city: "Eumundi",
      state: "QLD",
      postcode: "4562",
      country: "AU",
    };
    const created = await post(
      address,
      cms(SEEDED_FLAGS, {}, (c) => json({ address: { id: 9, ...(c.body as object) } })),
    );
    expect(created.status).toBe(303);
    const missing = await post({ ...address, city: "" }, cms(SEEDED_FLAGS));
    expect(missing.status).toBe(400);
    const reply = missing.body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.city).toEqual(["profile.errors.required"]);
    expect(reply.initialValue.street_address).toBe("1 Oak St");
  });
});
