import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { UpstreamError } from "~/lib/api/errors";

import { adminErrors, adminReply, conformName } from "./records-api.server";

const refusal = (status: number, errors?: Record<string, string[]>) =>
  new UpstreamError(
    status === 400 ? "Invalid body" : "Refused",
    status,
    "/api/v1/cognito/admin/product/create",
    undefined,
    {
      errors,
    },
  );

describe("the CMS's refusals as the form's errors", () => {
  it("puts a 400's field errors beside the form's fields and the others above it", () => {
    const mapped = adminErrors(refusal(400, { name: ["Required"], secret: ["Not allowed"] }), ["name", "slug"]);
    expect(mapped).toEqual({ fieldErrors: { name: ["Required"] }, formErrors: ["Not allowed"], status: 400 });
  });

  it("maps a question row's path onto conform's name", () => {
    expect(conformName("questions.0.label")).toBe("questions[0].label");
    const mapped = adminErrors(refusal(400, { "questions.1.name": ["Taken"] }), ["questions"]);
    expect(mapped?.fieldErrors).toEqual({ "questions[1].name": ["Taken"] });
  });

  it("strips the body's prefix from a setting's field name", () => {
    const mapped = adminErrors(
      refusal(400, { "settings.time_zone": ["must be a time zone"] }),
      ["time_zone"],
      "settings.",
    );
    expect(mapped?.fieldErrors).toEqual({ time_zone: ["must be a time zone"] });
  });

  it("shows a refusal without field errors (a 415 upload) by its message", () => {
    expect(adminErrors(new UpstreamError("SVG files are not accepted", 415, "/upload"), ["photo"])).toEqual({
      fieldErrors: {},
      formErrors: ["SVG files are not accepted"],
      status: 415,
    });
  });

  it("leaves an outage or a foreign error to be thrown", () => {
    expect(adminErrors(new UpstreamError("down", 503, "/x"), ["name"])).toBeNull();
    expect(adminErrors(new Error("bug"), ["name"])).toBeNull();
    const form = new FormData();
    form.set("name", "x");
    const submission = parseWithZod(form, { schema: z.object({ name: z.string() }) });
    expect(() => adminReply(submission, new UpstreamError("down", -1, "/x"), ["name"])).toThrow("down");
  });

  it("replies with the admin's input kept", () => {
    const form = new FormData();
    form.set("name", "Bench");
    const submission = parseWithZod(form, { schema: z.object({ name: z.string() }) });
    const { status, reply } = adminReply(submission, refusal(400, { name: ["Name taken"] }), ["name"]);
    expect(status).toBe(400);
    expect(reply.error).toEqual({ name: ["Name taken"] });
    expect(reply.initialValue).toEqual({ name: "Bench" });
  });
});
