import { describe, expect, it } from "vitest";

import {
  baseSecurityHeaders,
  bodyRefusal,
  contentSecurityPolicy,
  createNonce,
  isCrossSiteWrite,
} from "./security-headers.server";

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the site and this response's nonce, and forbids plugins and framing elsewhere", () => {
    const csp = contentSecurityPolicy({ nonce: "abc" });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src https://maps.google.com.au");
    // The back-office's page preview is a frame of the site's own page.
    expect(csp).toMatch(/frame-src [^;]*'self'/);
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});

describe("contentSecurityPolicy's connect-src", () => {
  it("is the site alone, unless the error-reporting service's origin is given (SENTRY_DSN set)", () => {
    expect(contentSecurityPolicy({ nonce: "abc" })).toMatch(/connect-src 'self';/);
    const csp = contentSecurityPolicy({ nonce: "abc", connectOrigins: ["https://o1.ingest.sentry.io"] });
    expect(csp).toContain("connect-src 'self' https://o1.ingest.sentry.io;");
    expect(csp).not.toMatch(/(script|img|frame)-src[^;]*sentry/);
  });
});

describe("baseSecurityHeaders", () => {
  it("adds HSTS only over HTTPS", () => {
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
    expect(baseSecurityHeaders(false)["X-Content-Type-Options"]).toBe("nosniff");
  });
});

describe("isCrossSiteWrite", () => {
  it("lets reads and same-origin writes through", () => {
    expect(isCrossSiteWrite("GET", "site.test", "https://evil.test", "cross-site")).toBe(false);
    expect(isCrossSiteWrite("POST", "site.test", "https://site.test", "same-origin")).toBe(false);
    expect(isCrossSiteWrite("POST", "site.test", undefined, undefined)).toBe(false);
    // A same-origin form on a no-referrer page (the CMS's /authorize) sends Origin: null.
    expect(isCrossSiteWrite("POST", "site.test", "null", "same-origin")).toBe(false);
  });

  it("refuses writes from another origin", () => {
    expect(isCrossSiteWrite("POST", "site.test", "https://evil.test", undefined)).toBe(true);
    expect(isCrossSiteWrite("POST", "site.test", "null", undefined)).toBe(true);
    expect(isCrossSiteWrite("POST", "site.test", "null", "cross-site")).toBe(true);
    expect(isCrossSiteWrite("POST", "site.test", "null", "same-site")).toBe(true);
    expect(isCrossSiteWrite("DELETE", "site.test", undefined, "cross-site")).toBe(true);
  });
});

describe("bodyRefusal", () => {
  it("lets reads and modest bodies through", () => {
    expect(bodyRefusal("GET", undefined, "chunked")).toBeNull();
    expect(bodyRefusal("POST", "512", undefined)).toBeNull();
    expect(bodyRefusal("POST", undefined, undefined)).toBeNull();
  });

  it("refuses oversized, unbounded and nonsense bodies", () => {
    expect(bodyRefusal("POST", String(300 * 1024 * 1024), undefined)?.status).toBe(413);
    expect(bodyRefusal("POST", undefined, "chunked")?.status).toBe(411);
    expect(bodyRefusal("PUT", "-1", undefined)?.status).toBe(400);
    expect(bodyRefusal("POST", "abc", undefined)?.status).toBe(400);
  });
});

describe("createNonce", () => {
  it("gives 16 random bytes each time, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(1000);
  });
});
