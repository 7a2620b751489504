/**
 * The CMS HTML allowlist (decision 069): what survives sanitising, with the seeded embed origins,
 * and that the seeded content comes through it unchanged.
 */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { EMBED_CLASS, embedOrigins, sanitizeCmsHtml, sanitizeRows } from "../../cms/contract/html-allowlist";
import { readSeeds } from "../../cms/seeding/files";
import { sanitizeSeedHtml, seededEmbedOrigins } from "../../cms/seeding/html";

const ORIGINS = ["https://www.youtube-nocookie.com", "https://app.acuityscheduling.com"];
const clean = (html: string) => sanitizeCmsHtml(html, ORIGINS);

describe("sanitizeCmsHtml", () => {
  it("keeps a frame from an allowed origin, with lazy loading, a referrer policy, a title and its class", () => {
    const out = clean('<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" allowfullscreen></iframe>');
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/abc"');
    expect(out).toContain(`class="${EMBED_CLASS}"`);
    expect(out).not.toContain("sandbox");
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('referrerpolicy="strict-origin-when-cross-origin"');
    expect(out).toContain('title="www.youtube-nocookie.com"');
    expect(out).toContain('width="560"');
  });

  it("keeps the frame's own title and only the features on its list", () => {
    const out = clean(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Our workshop" allow="autoplay; camera; encrypted-media" sandbox="allow-top-navigation" onload="x()"></iframe>',
    );
    expect(out).toContain('title="Our workshop"');
    expect(out).toContain('allow="autoplay; encrypted-media"');
    expect(out).not.toContain("camera");
    expect(out).not.toContain("allow-top-navigation");
    expect(out).not.toContain("onload");
  });

  it("strips frames from anywhere else, or over http, or without a source", () => {
    expect(clean('<p>a</p><iframe src="https://evil.example.com/x">fallback</iframe>')).toBe("<p>a</p>");
    expect(clean('<iframe src="http://www.youtube-nocookie.com/embed/abc"></iframe>')).toBe("");
    expect(clean('<iframe src="https://www.youtube-nocookie.com.evil.example/embed"></iframe>')).toBe("");
    expect(clean('<iframe src="//www.youtube-nocookie.com/embed/abc"></iframe>')).toBe("");
    expect(clean("<iframe></iframe>")).toBe("");
    // With no origins allowed, no frame at all.
    expect(sanitizeCmsHtml('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>')).toBe("");
  });

  it("strips scripts, styles, event handlers, javascript: links and forms", () => {
    const out = clean(
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style></p><img src="/assets/i/x.webp" onerror="alert(1)" alt="x"><a href="javascript:alert(1)">link</a><form action="/x"><input name="q"><button>Go</button></form>',
    );
    expect(out).not.toMatch(/script|alert|onclick|onerror|<style|<form|<input|<button|javascript:/i);
    expect(out).toContain("<p>Hi</p>");
    expect(out).toContain('<img src="/assets/i/x.webp" alt="x" />');
    expect(out).toContain("<a>link</a>");
  });

  it("keeps images from this site or an allowed origin, and strips the rest", () => {
    expect(clean('<img src="/assets/i/abc/orig/300.webp" alt="Chair">')).toBe(
      '<img src="/assets/i/abc/orig/300.webp" alt="Chair" />',
    );
    expect(clean('<img src="https://app.acuityscheduling.com/logo.png" alt="">')).toContain("acuityscheduling");
    expect(clean('<img src="https://tracker.example.com/pixel.gif">')).toBe("");
    expect(clean('<img src="//tracker.example.com/pixel.gif">')).toBe("");
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe("");
  });

  it("keeps text structure, tables and safe links, and makes new-tab links safe", () => {
    const html =
      '<h2>Care</h2><ul><li><strong>Oil</strong> <em>yearly</em></li></ul><table><tr><th scope="col">Size</th></tr><tr><td colspan="2">Large</td></tr></table><blockquote><p>Q</p></blockquote><a href="mailto:a@b.example">mail</a>';
    expect(clean(html)).toBe(
      '<h2>Care</h2><ul><li><strong>Oil</strong> <em>yearly</em></li></ul><table><tr><th scope="col">Size</th></tr><tr><td colspan="2">Large</td></tr></table><blockquote><p>Q</p></blockquote><a href="mailto:a@b.example">mail</a>',
    );
    expect(clean('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="/about" target="_top">x</a>')).toBe('<a href="/about">x</a>');
  });

  it("sanitises the HTML fields of widgets in rows, and leaves the rest", () => {
    const rows = [
      {
        blocks: [
          {
            widgets: [
              {
                type: "core/raw_code",
                fields: { code: '<script>x()</script><iframe src="https://evil.example/x"></iframe>' },
              },
              { type: "core/heading", fields: { text: "<b>kept as text</b>" } },
              { type: "core/faq", fields: {}, items: [{ name: "Q", content: '<p onmouseover="x()">A</p>' }] },
            ],
          },
        ],
      },
    ];
    const [row] = sanitizeRows(rows, ORIGINS);
    const [code, heading, faq] = row.blocks[0].widgets;
    expect(code.fields.code).toBe("");
    expect(heading.fields.text).toBe("<b>kept as text</b>");
    expect(faq.items).toEqual([{ name: "Q", content: "<p>A</p>" }]);
  });
});

describe("embed origins setting", () => {
  it("reads https origins only, without paths or wildcards", () => {
    expect(
      embedOrigins({
        embed_origins: [
          "https://www.youtube-nocookie.com",
          "https://www.youtube-nocookie.com/",
          "http://insecure.example.com",
          "https://*.example.com",
          "https://example.com/path",
          "javascript:alert(1)",
          "https://user:pw@example.com",
          42,
        ],
      }),
    ).toEqual(["https://www.youtube-nocookie.com"]);
    expect(embedOrigins({})).toEqual([]);
    expect(embedOrigins({ embed_origins: "https://a.example.com, https://b.example.com" })).toEqual([
      "https://a.example.com",
      "https://b.example.com",
    ]);
  });

  it("stops a seed with a bad origin, naming the setting", () => {
    expect(() => seededEmbedOrigins({ embed_origins: ["https://*.example.com"] })).toThrow(
      /seeds\/domain\.json: settings\.embed_origins\.0/,
    );
    expect(seededEmbedOrigins({})).toEqual([]);
  });
});

describe("the seeded content", () => {
  const seeds = readSeeds();
  const origins = seededEmbedOrigins(seeds.domain.settings);

  it("allows YouTube's no-cookie host", () => {
    expect(origins).toContain("https://www.youtube-nocookie.com");
  });

  it("comes through the allowlist unchanged, but for the embed's safe attributes", () => {
    const before = JSON.stringify({ ...seeds, dir: "" });
    const after = JSON.stringify({ ...sanitizeSeedHtml(seeds, origins), dir: "" });
    const embed = /<iframe[^>]*>/;
    const strip = (s: string) => s.replace(/<iframe[^>]*>/g, "<iframe>");
    expect(strip(after)).toBe(strip(before));
    const kept = after.match(embed)?.[0] ?? "";
    expect(kept).toContain("https://www.youtube-nocookie.com/embed/");
    expect(kept).toContain("loading=");
    expect(kept).toContain("Inside the Dovetail workshop");
  });

  it("holds the embed in the seeded pages file", () => {
    expect(readFileSync(new URL("../../seeds/pages.json", import.meta.url), "utf8")).toContain("youtube-nocookie.com");
  });
});
