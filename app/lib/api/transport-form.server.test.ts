import { describe, expect, it } from "vitest";
import { z } from "zod";

import { isUpstreamError } from "./errors";
import { createTransport } from "./transport.server";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function transportAnswering(answer: (request: Request) => Response | Promise<Response>, token = "tok") {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    return answer(request);
  };
  return {
    seen,
    transport: createTransport({ fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1000 }, token),
  };
}

describe("postForm (multipart uploads)", () => {
  it("sends the form as multipart with its boundary and the bearer token", async () => {
    const { seen, transport } = transportAnswering(() => json({ ok: true }));
    const form = new FormData();
    form.set("image", new File([new Uint8Array([1, 2, 3])], "me.png", { type: "image/png" }));
    await transport.postForm("/api/v1/cognito/user/uploadImage", z.object({ ok: z.boolean() }), form);
    const request = seen[0];
    expect(request.method).toBe("POST");
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get("authorization")).toBe("Bearer tok");
    const received = (await request.formData()).get("image") as File;
    expect(received.name).toBe("me.png");
    expect(received.size).toBe(3);
  });
});

describe("error answers (decision 040)", () => {
  it("carry the field errors of a 400", async () => {
    const { transport } = transportAnswering(() =>
      json({ message: "Invalid", status: 400, errors: { email: ["Enter a valid email"] } }, 400),
    );
    const error = await transport.post("/x", z.object({}), {}).catch((e: unknown) => e);
    expect(isUpstreamError(error) && error.errors).toEqual({ email: ["Enter a valid email"] });
  });

  it("carry a 429's Retry-After, from the header or the body", async () => {
    const limited = (headers: Record<string, string>) =>
      transportAnswering(() => json({ message: "Slow down", code: "RATE_LIMITED", retry_after: 90 }, 429, headers));
    const fromHeader = await limited({ "retry-after": "30" })
      .transport.post("/x", z.object({}), {})
      .catch((e: unknown) => e);
    expect(isUpstreamError(fromHeader) && [fromHeader.code, fromHeader.retryAfter]).toEqual(["RATE_LIMITED", 30]);
    const fromBody = await limited({})
      .transport.post("/x", z.object({}), {})
      .catch((e: unknown) => e);
    expect(isUpstreamError(fromBody) && fromBody.retryAfter).toBe(90);
  });
});
