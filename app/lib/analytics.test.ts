import { describe, expect, it } from "vitest";

import { contentSecurityPolicy } from "~/host/security-headers.server";

import { analyticsConfig, analyticsCspSources, analyticsInlineScripts } from "./analytics";

describe("analytics", () => {
  it("loads nothing and allows no extra host when nothing is configured", () => {
    const config = analyticsConfig({
      google_analytics: "",
      google_tag_manager: "",
      facebook_pixel: "",
      matomo_site_url: "",
    });
    expect(analyticsInlineScripts(config)).toEqual([]);
    const csp = contentSecurityPolicy({ nonce: "n", extra: analyticsCspSources(config) });
    expect(csp).toContain("script-src 'self' 'nonce-n';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain("facebook");
  });

  it("allows exactly Google's hosts for Google Analytics", () => {
    const config = analyticsConfig({ google_analytics: "G-ABC123XYZ" });
    expect(config.googleAnalytics).toBe("G-ABC123XYZ");
    const csp = contentSecurityPolicy({ nonce: "n", extra: analyticsCspSources(config) });
    expect(csp).toMatch(/script-src 'self' 'nonce-n' https:\/\/www\.googletagmanager\.com;/);
    expect(csp).toContain("https://www.google-analytics.com");
    expect(csp).not.toMatch(/facebook/);
    expect(analyticsInlineScripts(config).join("")).toContain('gtag("config","G-ABC123XYZ")');
  });

  it("refuses malformed keys (they would be written into a script)", () => {
    const config = analyticsConfig({
      google_analytics: 'G-1");alert(1);//',
      google_tag_manager: "GTM-<x>",
      facebook_pixel: "12ab",
      matomo_site_url: "http://insecure.example",
      matomo_site_id: "1",
    });
    expect(config).toEqual({ googleAnalytics: null, googleTagManager: null, facebookPixel: null, matomo: null });
  });

  it("adds the Matomo host and the Facebook pixel host only when configured", () => {
    const config = analyticsConfig({
      matomo_site_url: "https://stats.example.org/matomo",
      matomo_site_id: "7",
      facebook_pixel: "1234567890",
    });
    const sources = analyticsCspSources(config);
    expect(sources.script).toEqual(["https://connect.facebook.net", "https://stats.example.org"]);
    expect(analyticsInlineScripts(config).join("")).toContain('"https://stats.example.org/matomo/"');
  });
});
