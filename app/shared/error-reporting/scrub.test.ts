import { describe, expect, it } from "vitest";

import { scrubEvent, scrubUrl } from "./scrub";

describe("scrubUrl", () => {
  it("keeps the path and the query's names, not its values or the fragment", () => {
    expect(scrubUrl("https://site.test/about?token=abc&q=chair#top")).toBe(
      "https://site.test/about?token=[Filtered]&q=[Filtered]",
    );
    expect(scrubUrl("https://site.test/about")).toBe("https://site.test/about");
    expect(scrubUrl("/checkout?")).toBe("/checkout");
  });
});

describe("scrubEvent", () => {
  it("leaves no cookie, secret header, body, query value, user or IP address in a report", () => {
    const event = scrubEvent({
      message: "boom",
      request: {
        url: "https://site.test/login?code=oauth-code-1&state=s",
        query_string: "code=oauth-code-1&state=s",
        cookies: { __session: "sealed-session" },
        headers: {
          Cookie: "__session=sealed-session",
          authorization: "Bearer access-token",
          "x-forwarded-for": "203.0.113.9",
          "user-agent": "Chromium",
          referer: "https://site.test/account?token=t-1",
        },
        data: { email: "person@example.com", password: "hunter2" },
        env: { REMOTE_ADDR: "203.0.113.9" },
      },
      user: { ip_address: "203.0.113.9", email: "person@example.com" },
      breadcrumbs: [
        { data: { url: "http://cms.internal/api/v1/cognito/payment/checkPaid?payum_token=p-1", body: "x" } },
      ],
      contexts: { trace: { data: { "url.full": "https://site.test/a?token=t-2", "http.request.header.cookie": "c" } } },
      extra: { formData: { email: "person@example.com" } },
    });
    const text = JSON.stringify(event);
    for (const secret of [
      "oauth-code-1",
      "sealed-session",
      "access-token",
      "203.0.113.9",
      "person@example.com",
      "hunter2",
      "t-1",
      "p-1",
      "t-2",
      '"c"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(event.request).toEqual({
      url: "https://site.test/login?code=[Filtered]&state=[Filtered]",
      headers: { "user-agent": "Chromium", referer: "https://site.test/account?token=[Filtered]" },
    });
    expect(event.user).toBeUndefined();
    expect((event as { message?: string }).message).toBe("boom");
  });
});
