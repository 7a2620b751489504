import { describe, expect, it } from "vitest";

import { createTransport } from "~/lib/api/transport.server";

import { mergeQuestions } from "./record-actions.server";
import { treeOrder } from "./records.server";
import { listRecords, submissionsCsv } from "./records-api.server";

const upstream = (answer: (request: Request) => Response) => ({
  fetch: async (request: Request) => answer(request),
  baseUrl: "http://cms.test/",
  publicUrl: "",
  timeoutMs: 5000,
});

describe("the admin client over the transport", () => {
  it("hands a CSV export on as its text, with the admin's token", async () => {
    let auth = "";
    const t = createTransport(
      upstream((request) => {
        auth = request.headers.get("authorization") ?? "";
        return new Response('"id","email"\r\n"1","a@example.com"\r\n', {
          headers: { "content-type": "text/csv; charset=utf-8" },
        });
      }),
      "admin-token",
    );
    expect(await submissionsCsv(t, 3)).toBe('"id","email"\r\n"1","a@example.com"\r\n');
    expect(auth).toBe("Bearer admin-token");
  });

  it("still refuses an answer that is neither JSON nor CSV, and passes a refusal on", async () => {
    const html = createTransport(upstream(() => new Response("<html>", { headers: { "content-type": "text/html" } })));
    await expect(submissionsCsv(html, 3)).rejects.toMatchObject({ status: 502 });
    const refused = createTransport(
      upstream(() => Response.json({ message: "Admins only", status: 403 }, { status: 403 })),
    );
    await expect(listRecords(refused, "product")).rejects.toMatchObject({ status: 403, message: "Admins only" });
  });
});

describe("the categories as a tree", () => {
  it("orders groups by their nested set and finds each one's parent and depth", () => {
    const rows = [
      { id: 3, name: "Chairs", root: 1, lft: 4, rgt: 5, level: 1 },
      { id: 1, name: "Catalogue", root: 1, lft: 1, rgt: 8, level: 0 },
      { id: 2, name: "Tables", root: 1, lft: 2, rgt: 3, level: 1 },
      { id: 4, name: "Stools", root: 1, lft: 6, rgt: 7, level: 1 },
      { id: 9, name: "Home hero", root: 9, lft: 1, rgt: 2, level: 0 },
    ];
    expect(treeOrder(rows)).toEqual([
      { id: 1, name: "Catalogue", level: 0, parent_id: null },
      { id: 2, name: "Tables", level: 1, parent_id: 1 },
      { id: 3, name: "Chairs", level: 1, parent_id: 1 },
      { id: 4, name: "Stools", level: 1, parent_id: 1 },
      { id: 9, name: "Home hero", level: 0, parent_id: null },
    ]);
  });
});

describe("a form's questions after an edit", () => {
  it("keep what the rows do not edit (options, placeholder, content), matched by name", () => {
    const current = [
      { id: 1, field_type: "content", content: "<p>Tell us</p>" },
      { id: 2, name: "timber", label: "Timber", field_type: "select", options: [{ label: "Ironbark", value: "ib" }] },
      { id: 3, name: "note", label: "Note", field_type: "textarea", placeholder: "Anything else" },
    ];
    const edited = [
      { field_type: "content", required: false },
      { name: "note", label: "Your note", field_type: "textarea", required: true },
      { name: "timber", label: "Timber", field_type: "select", required: false },
    ];
    expect(mergeQuestions(current, edited)).toEqual([
      { id: 1, field_type: "content", content: "<p>Tell us</p>", required: false },
      { id: 3, name: "note", label: "Your note", field_type: "textarea", placeholder: "Anything else", required: true },
      {
        id: 2,
        name: "timber",
        label: "Timber",
        field_type: "select",
        options: [{ label: "Ironbark", value: "ib" }],
        required: false,
      },
    ]);
  });
});
