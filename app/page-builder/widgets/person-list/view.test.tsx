import { describe, expect, it } from "vitest";

import { person, widget } from "~/test/content-fixtures";
import { count } from "~/test/render";
import { renderWidget } from "~/test/widgets";

import type { WidgetEnv } from "../../types";

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widget(type, fields), { data, env });

describe("core/person_list", () => {
  const people = [person(1, "Ada", "Lovelace"), person(2, "Alan", "Turing"), person(3, "Grace", "Hopper")];

  it("shows every person's name under the heading, title, description and 4x3 photo", () => {
    const html = show("core/person_list", { heading: "Our makers" }, people);
    expect(html).toMatch(/<h2[^>]*>Our makers<\/h2>/);
    for (const name of ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
      expect(html).toMatch(new RegExp(`<h3[^>]*>${name}</h3>`));
    expect(html).toContain("Role 2");
    expect(html).toContain("<p>About Grace</p>");
    expect(html).toContain("/4x3/900.avif");
    expect(html).toMatch(/width="900" height="675"/);
  });

  it("alternates: photo at the start for even rows, at the end for odd rows", () => {
    const html = show("core/person_list", {}, people);
    const boxes = [...html.matchAll(/<div class="([^"]*)"><picture>/g)].map((m) => m[1].includes("md:order-last"));
    expect(boxes).toEqual([false, true, false]);
    // Without a widget heading the names are the section's headings (h2).
    expect(count(html, /<h2[^>]*>/)).toBe(3);
  });

  it("shows a person without a photo as text alone, and nothing for no people", () => {
    const html = show("core/person_list", {}, [person(1, "Ada", "", { photo: null, title: "" })]);
    expect(html).toContain(">Ada</h2>");
    expect(html).not.toContain("<picture>");
    expect(html).not.toContain("md:grid-cols-2");
    for (const d of [[], null, undefined]) expect(show("core/person_list", { heading: "Our makers" }, d)).toBe("");
  });
});
