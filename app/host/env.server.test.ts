import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { envSchema, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("names the variable with a bad value", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ CMS_API_URL: "not a url" })).toThrow(/CMS_API_URL/);
  });

  it("runs in production with nothing but defaults, generating the session secret", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "env-prod-"));
    const env = parseEnv({ NODE_ENV: "production", DATA_DIR: dir });
    expect(env.SESSION_SECRET).toBe(readFileSync(path.join(dir, "session-secret"), "utf8"));
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it("refuses the test gateway on a public site (PUBLIC_URL) unless ALLOW_TEST_PAYMENTS=1", () => {
    const base = { SESSION_SECRET: "x".repeat(32), PUBLIC_URL: "https://shop.example" };
    expect(() => parseEnv(base)).toThrow(
      /PAYMENT_GATEWAY: is "test" \(no money is taken\).*PUBLIC_URL.*ALLOW_TEST_PAYMENTS=1/,
    );
    expect(parseEnv({ ...base, ALLOW_TEST_PAYMENTS: "1" }).PAYMENT_GATEWAY).toBe("test");
    // With a CMS elsewhere, the gateway is that CMS's business.
    expect(parseEnv({ ...base, CMS_API_URL: "https://cms.example" }).PAYMENT_GATEWAY).toBe("test");
    expect(() => parseEnv({ ...base, PAYMENT_GATEWAY: "stripe" })).toThrow(/STRIPE_SECRET_KEY: must be set/);
    const stripe = {
      ...base,
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(parseEnv(stripe).PAYMENT_GATEWAY).toBe("stripe");
  });

  it("generates a development secret once into DATA_DIR and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "env-"));
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.SESSION_SECRET).toHaveLength(43);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
  });

  it("treats an empty optional URL as unset and applies defaults", () => {
    const env = parseEnv({ CMS_API_URL: "", SESSION_SECRET: "x".repeat(32) });
    expect(env.CMS_API_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_TIMEOUT_MS).toBe(50_000);
    expect(env.PAGE_DEADLINE_MS).toBe(8_000);
  });

  it("drains for SHUTDOWN_DRAIN_MS after a signal (10 s unless set; 0 stops listening at once)", () => {
    const base = { SESSION_SECRET: "x".repeat(32) };
    expect(parseEnv(base).SHUTDOWN_DRAIN_MS).toBe(10_000);
    expect(parseEnv({ ...base, SHUTDOWN_DRAIN_MS: "0" }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(() => parseEnv({ ...base, SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => parseEnv({ ...base, DATABASE_POOL_MAX: "many" })).toThrow(/DATABASE_POOL_MAX/);
  });

  it("accepts a PURGE_TOKEN of 32 characters or more, and treats an empty one as unset", () => {
    const base = { SESSION_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...base, PURGE_TOKEN: "short" })).toThrow(/PURGE_TOKEN: must be at least 32 characters/);
    expect(parseEnv({ ...base, PURGE_TOKEN: "p".repeat(32) }).PURGE_TOKEN).toBe("p".repeat(32));
    // A bearer token ends at a space, so a token with one could never match.
    expect(() => parseEnv({ ...base, PURGE_TOKEN: `${"p".repeat(20)} ${"q".repeat(20)}` })).toThrow(
      /must not contain spaces/,
    );
    expect(parseEnv({ ...base, PURGE_TOKEN: "" }).PURGE_TOKEN).toBeUndefined();
    expect(parseEnv(base).PURGE_TOKEN).toBeUndefined();
  });

  it("takes an smtp(s) SMTP_URL and a MAIL_FROM with an address; empty is unset", () => {
    const base = { SESSION_SECRET: "x".repeat(32) };
    expect(parseEnv({ ...base, SMTP_URL: "smtps://u:p@mail.example:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example:465",
    );
    expect(() => parseEnv({ ...base, SMTP_URL: "https://mail.example" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(parseEnv({ ...base, SMTP_URL: "", MAIL_FROM: " " })).toMatchObject({
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    });
    expect(parseEnv({ ...base, MAIL_FROM: "Shop <shop@example.com>" }).MAIL_FROM).toBe("Shop <shop@example.com>");
    expect(() => parseEnv({ ...base, MAIL_FROM: "Shop" })).toThrow(/MAIL_FROM/);
  });
});

describe("SENTRY_DSN", () => {
  const base = { SESSION_SECRET: "x".repeat(32) };
  it("is off when unset or empty, and must be a DSN when set", () => {
    expect(parseEnv(base).SENTRY_DSN).toBeUndefined();
    expect(parseEnv({ ...base, SENTRY_DSN: "" }).SENTRY_DSN).toBeUndefined();
    expect(parseEnv({ ...base, SENTRY_DSN: "https://abc@o1.ingest.sentry.io/42" }).SENTRY_DSN).toBe(
      "https://abc@o1.ingest.sentry.io/42",
    );
    expect(() => parseEnv({ ...base, SENTRY_DSN: "https://o1.ingest.sentry.io/42" })).toThrow(/SENTRY_DSN/);
    expect(() => parseEnv({ ...base, SENTRY_DSN: "https://abc@o1.ingest.sentry.io/" })).toThrow(/SENTRY_DSN/);
  });
});

describe("the README's configuration table", () => {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const start = readme.indexOf("## Configuration");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const documented = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((m) => m[1]);

  it("documents exactly the variables the site reads", () => {
    // NODE_ENV is set by npm start and npm test, not by whoever deploys.
    const read = Object.keys(envSchema.shape).filter((name) => name !== "NODE_ENV");
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...read].sort());
  });

  it("states the defaults the schema applies", () => {
    const row = (name: string) => new RegExp(`^\\| \`${name}\` +\\| ([^|]+) \\|`, "m").exec(section)?.[1].trim();
    const defaults = parseEnv({ SESSION_SECRET: "x".repeat(32) });
    expect(row("PORT")).toBe(String(defaults.PORT));
    expect(row("DATA_DIR")).toBe(defaults.DATA_DIR);
    expect(row("UPSTREAM_TIMEOUT_MS")).toBe(String(defaults.UPSTREAM_TIMEOUT_MS));
    expect(row("PAGE_DEADLINE_MS")).toBe(String(defaults.PAGE_DEADLINE_MS));
    expect(row("PAGE_CACHE")).toBe(defaults.PAGE_CACHE);
    expect(row("PAGE_CACHE_MB")).toBe(String(defaults.PAGE_CACHE_MB));
    expect(row("SHUTDOWN_DRAIN_MS")).toBe(String(defaults.SHUTDOWN_DRAIN_MS));
    expect(row("DATABASE_POOL_MAX")).toBe(String(defaults.DATABASE_POOL_MAX));
    expect(row("DATABASE_POOL_WAIT_MS")).toBe(String(defaults.DATABASE_POOL_WAIT_MS));
    expect(row("IMAGE_AVIF_EFFORT")).toBe(String(defaults.IMAGE_AVIF_EFFORT));
    expect(row("CAPTCHA_DIFFICULTY")).toBe(String(defaults.CAPTCHA_DIFFICULTY));
  });
});
