import { describe, expect, it } from "vitest";

import type { Page } from "@contract/pages";
import { contentSecurityPolicy } from "~/host/security-headers.server";

import { embedCspSources, embedOrigins, sanitizePage } from "./cms-html.server";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("the CSP follows the embed origins setting", () => {
  const settings = {
    embed_origins: ["https://www.youtube-nocookie.com", "https://*.evil.example", "http://x.example"],
  };
  const csp = contentSecurityPolicy({ nonce: "n0nce", extra: embedCspSources(embedOrigins(settings)) });

  it("lets frames and images come from the allowed origins, besides the map's", () => {
    expect(directive(csp, "frame-src")).toContain("https://www.youtube-nocookie.com");
    expect(directive(csp, "frame-src")).toContain("https://www.google.com");
    expect(directive(csp, "img-src")).toContain("https://www.youtube-nocookie.com");
  });

  it("leaves out invalid entries, and scripts stay nonce-only", () => {
    expect(csp).not.toContain("evil.example");
    expect(csp).not.toContain("http://x.example");
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
  });

  it("allows no extra frames when the setting is absent", () => {
    const plain = contentSecurityPolicy({ nonce: "n", extra: embedCspSources(embedOrigins({})) });
    expect(directive(plain, "frame-src")).not.toContain("https://www.youtube-nocookie.com");
  });
});

describe("sanitizePage", () => {
  const page = {
    content: '<p>Free</p><iframe src="https://evil.example/x"></iframe>',
    rows: [
      {
        blocks: [
          {
            widgets: [
              {
                id: "w1",
                type: "core/raw_code",
                fields: {
                  code: '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><script>x()</script>',
                },
              },
            ],
          },
        ],
      },
    ],
    pageContents: [{ id: 1, template: "core/html", variables: { html: '<p onclick="x()">Block</p>' } }],
  } as unknown as Page;

  it("sanitises the free content, the rows' widgets and the page blocks", () => {
    const out = sanitizePage(page, ["https://www.youtube-nocookie.com"]);
    expect(out.content).toBe("<p>Free</p>");
    const code = String(out.rows[0].blocks[0].widgets[0].fields.code);
    expect(code).toContain('<iframe src="https://www.youtube-nocookie.com/embed/x"');
    expect(code).not.toContain("<script");
    expect(out.pageContents[0].variables.html).toBe("<p>Block</p>");
  });

  it("leaves the older JSON-text content as it is", () => {
    expect(sanitizePage({ ...page, content: '[{"a":"<b>"}]' }, []).content).toBe('[{"a":"<b>"}]');
  });
});
