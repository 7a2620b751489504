import { describe, expect, it } from "vitest";
import { z } from "zod";

import { flag, imageHashes, number, oneOf, ref, text, widgetFields } from "~/page-builder/fields";
import { getWidget, widgetList } from "~/page-builder/registry";

import { describeFields, formValue, readFields } from "./schema-form.server";

const messages = { number: "not a number", option: "not an option", json: "not JSON", date: "not a date" };
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe("describeFields", () => {
  it("makes each tolerant field type its input", () => {
    const schema = widgetFields({
      heading: text(),
      content: text(),
      level: oneOf(["h1", "h2"], "h2"),
      centered: flag(),
      limit: number(6, { min: 1 }),
      group: ref(),
      imageHashes: imageHashes(),
    });
    expect(describeFields(schema)).toEqual([
      { name: "heading", kind: "text" },
      { name: "content", kind: "textarea" },
      { name: "level", kind: "select", options: ["h1", "h2"] },
      { name: "centered", kind: "checkbox" },
      { name: "limit", kind: "number" },
      { name: "group", kind: "text" },
      { name: "imageHashes", kind: "json" },
    ]);
  });

  it("reads the registry's heading widget", () => {
    const heading = getWidget("core/heading") as { fields?: z.ZodTypeAny };
    const fields = describeFields(heading.fields);
    expect(fields.find((f) => f.name === "level")).toEqual({
      name: "level",
      kind: "select",
      options: ["h1", "h2", "h3", "h4"],
    });
    expect(fields.find((f) => f.name === "text")?.kind).toBe("textarea");
    expect(fields.find((f) => f.name === "centered")?.kind).toBe("checkbox");
  });

  it("gives every registered widget a form, and nothing for no schema", () => {
    for (const widget of widgetList) {
      const schema = (widget as { fields?: z.ZodTypeAny }).fields;
      expect(describeFields(schema).length, widget.type).toBeGreaterThan(0);
    }
    expect(describeFields(undefined)).toEqual([]);
    expect(describeFields(z.string())).toEqual([]);
  });
});

describe("readFields", () => {
  const fields = describeFields(
    widgetFields({
      heading: text(),
      level: oneOf(["h1", "h2"], "h2"),
      centered: flag(),
      limit: number(6),
      imageHashes: imageHashes(),
    }),
  );

  it("types each posted value as its schema reads it", () => {
    const read = readFields(
      fields,
      form({ "f.heading": "Hello", "f.level": "h1", "f.centered": "on", "f.limit": "3", "f.imageHashes": '{"a":"h"}' }),
      messages,
    );
    expect(read).toMatchObject({
      ok: true,
      values: { heading: "Hello", level: "h1", centered: true, limit: 3, imageHashes: { a: "h" } },
    });
  });

  it("reads an absent checkbox as false and an empty number as none", () => {
    const read = readFields(fields, form({ "f.heading": "", "f.level": "h2", "f.limit": "" }), messages);
    expect(read).toMatchObject({ ok: true, values: { centered: false, limit: null } });
  });

  it("names each mistake and gives back what was typed", () => {
    const read = readFields(
      fields,
      form({ "f.heading": "Kept", "f.level": "h9", "f.limit": "many", "f.imageHashes": "{" }),
      messages,
    );
    expect(read).toEqual({
      ok: false,
      errors: { level: "not an option", limit: "not a number", imageHashes: "not JSON" },
      input: { heading: "Kept", level: "h9", centered: false, limit: "many", imageHashes: "{" },
    });
  });

  it("reads a date and time as the site's wall clock, and refuses another shape", () => {
    const dated = [{ name: "start_time", kind: "datetime" as const }];
    const zone = "Australia/Brisbane";
    expect(readFields(dated, form({ "w.start_time": "2030-01-02T09:30" }), messages, "w.", zone)).toMatchObject({
      ok: true,
      values: { start_time: "2030-01-01T23:30:00.000Z" },
    });
    expect(readFields(dated, form({ "w.start_time": "tomorrow" }), messages, "w.", zone)).toMatchObject({ ok: false });
    expect(formValue(dated[0]!, "2030-01-01T23:30:00.000Z", zone)).toBe("2030-01-02T09:30");
    expect(formValue(dated[0]!, "2030-01-02 09:30", zone)).toBe("2030-01-02T09:30");
    expect(formValue(dated[0]!, null, zone)).toBe("");
  });
});
