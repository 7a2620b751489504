import { describe, expect, it } from "vitest";

import { parseCmsEnv } from "./env";

const TOKEN = "t".repeat(32);

describe("the standalone CMS's environment", () => {
  it("has defaults, and no site to tell without SITE_URL and PURGE_TOKEN", () => {
    expect(parseCmsEnv({})).toEqual({
      env: {
        CMS_PORT: 4000,
        CMS_HOST: "127.0.0.1",
        DATA_DIR: "./data",
        DATABASE_POOL_MAX: 10,
        DATABASE_POOL_WAIT_MS: 3000,
        AUTH_RATE_LIMIT: 1,
        IMAGE_AVIF_EFFORT: 3,
        CAPTCHA_DIFFICULTY: 18,
        PAYMENT_GATEWAY: "test",
        ALLOW_TEST_PAYMENTS: "0",
        STOCK_HOLD_MINUTES: 30,
      },
    });
    expect(parseCmsEnv({ SITE_URL: " ", PURGE_TOKEN: "" })).toMatchObject({ env: { SITE_URL: undefined } });
  });

  it("reads the payment gateway, its notification secret (32+ characters) and CMS_PUBLIC_URL", () => {
    expect(parseCmsEnv({ PAYMENT_GATEWAY: "stripe" })).toHaveProperty("error");
    expect(parseCmsEnv({ PAYMENT_NOTIFY_SECRET: "short" })).toHaveProperty("error");
    expect(parseCmsEnv({ CMS_PUBLIC_URL: "ftp://cms.example" })).toHaveProperty("error");
    const demo = { PAYMENT_NOTIFY_SECRET: TOKEN, CMS_PUBLIC_URL: "https://cms.example", ALLOW_TEST_PAYMENTS: "1" };
    expect(parseCmsEnv(demo)).toMatchObject({
      env: { PAYMENT_GATEWAY: "test", PAYMENT_NOTIFY_SECRET: TOKEN, CMS_PUBLIC_URL: "https://cms.example" },
    });
  });

  it("refuses the test gateway on a public CMS unless ALLOW_TEST_PAYMENTS=1, and Stripe without its keys", () => {
    const refused = parseCmsEnv({ CMS_PUBLIC_URL: "https://cms.example" });
    expect(refused).toHaveProperty("error");
    const message = (refused as { error: string }).error;
    for (const name of ["PAYMENT_GATEWAY", "CMS_PUBLIC_URL", "ALLOW_TEST_PAYMENTS", "STRIPE_SECRET_KEY"]) {
      expect(message).toContain(name);
    }
    expect(parseCmsEnv({ PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" })).toEqual({
      error: "Invalid environment variable STRIPE_WEBHOOK_SECRET: must be set when PAYMENT_GATEWAY=stripe",
    });
    expect(parseCmsEnv({ PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "pk_test_abc" })).toHaveProperty("error");
    const stripe = {
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
      CMS_PUBLIC_URL: "https://cms.example",
    };
    expect(parseCmsEnv(stripe)).toMatchObject({ env: stripe });
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_MAX and DATABASE_POOL_WAIT_MS, refusing nonsense", () => {
    expect(parseCmsEnv({ DATABASE_POOL_MAX: "4", DATABASE_POOL_WAIT_MS: "500" })).toMatchObject({
      env: { DATABASE_POOL_MAX: 4, DATABASE_POOL_WAIT_MS: 500 },
    });
    expect(parseCmsEnv({ DATABASE_POOL_MAX: "0" })).toEqual({
      error: "Invalid environment variable DATABASE_POOL_MAX: Number must be greater than or equal to 1",
    });
    // 0 would be pg's "wait for ever".
    expect(parseCmsEnv({ DATABASE_POOL_WAIT_MS: "0" })).toHaveProperty("error");
  });

  it("takes a site URL with a token of 32 characters or more", () => {
    const parsed = parseCmsEnv({ SITE_URL: "https://www.example.com", PURGE_TOKEN: TOKEN });
    expect(parsed).toMatchObject({ env: { SITE_URL: "https://www.example.com", PURGE_TOKEN: TOKEN } });
  });

  it("refuses a short token, a token without a site, a site without a token, and a site that is not http(s)", () => {
    expect(parseCmsEnv({ SITE_URL: "https://a.example", PURGE_TOKEN: "short" })).toEqual({
      error: "Invalid environment variable PURGE_TOKEN: must be at least 32 characters",
    });
    expect(parseCmsEnv({ SITE_URL: "https://a.example", PURGE_TOKEN: `${"p".repeat(20)} ${"q".repeat(20)}` })).toEqual({
      error: "Invalid environment variable PURGE_TOKEN: must not contain spaces",
    });
    expect(parseCmsEnv({ PURGE_TOKEN: TOKEN })).toEqual({
      error: "Invalid environment variable SITE_URL: must be set when PURGE_TOKEN is set",
    });
    expect(parseCmsEnv({ SITE_URL: "https://a.example" })).toEqual({
      error: "Invalid environment variable PURGE_TOKEN: must be set when SITE_URL is set",
    });
    expect(parseCmsEnv({ SITE_URL: "ftp://a.example", PURGE_TOKEN: TOKEN })).toEqual({
      error: "Invalid environment variable SITE_URL: must be an http(s) URL",
    });
    expect(parseCmsEnv({ SITE_URL: "not a url", PURGE_TOKEN: TOKEN })).toMatchObject({
      error: expect.stringMatching(/^Invalid environment variable SITE_URL: /),
    });
  });

  it("takes an smtp(s) SMTP_URL and a MAIL_FROM with an address", () => {
    expect(parseCmsEnv({ SMTP_URL: "smtp://mail.example:587", MAIL_FROM: "Shop <shop@example.com>" })).toMatchObject({
      env: { SMTP_URL: "smtp://mail.example:587", MAIL_FROM: "Shop <shop@example.com>" },
    });
    expect(parseCmsEnv({ SMTP_URL: "http://mail.example" })).toEqual({
      error: "Invalid environment variable SMTP_URL: must be an smtp:// or smtps:// URL",
    });
    expect(parseCmsEnv({ MAIL_FROM: "Shop\r\nBcc: x@example.com" })).toMatchObject({
      error: expect.stringMatching(/^Invalid environment variable MAIL_FROM: /),
    });
  });

  it("reads NODE_ENV (production turns GraphQL introspection off) and refuses an unknown one", () => {
    expect(parseCmsEnv({ NODE_ENV: "production" })).toMatchObject({ env: { NODE_ENV: "production" } });
    expect(parseCmsEnv({ NODE_ENV: "prod" })).toMatchObject({
      error: expect.stringMatching(/^Invalid environment variable NODE_ENV: /),
    });
  });

  it("reads the accounts' JWT_SECRET (32+ characters) and AUTH_RATE_LIMIT (above 0)", () => {
    expect(parseCmsEnv({ JWT_SECRET: "j".repeat(32), AUTH_RATE_LIMIT: "20" })).toMatchObject({
      env: { JWT_SECRET: "j".repeat(32), AUTH_RATE_LIMIT: 20 },
    });
    expect(parseCmsEnv({ JWT_SECRET: "short" })).toEqual({
      error: "Invalid environment variable JWT_SECRET: must be at least 32 characters",
    });
    expect(parseCmsEnv({ AUTH_RATE_LIMIT: "0" })).toEqual({
      error: "Invalid environment variable AUTH_RATE_LIMIT: must be above 0",
    });
  });

  it("reads IMAGE_AVIF_EFFORT, a whole number from 0 to 9", () => {
    expect(parseCmsEnv({ IMAGE_AVIF_EFFORT: "0" })).toMatchObject({ env: { IMAGE_AVIF_EFFORT: 0 } });
    expect(parseCmsEnv({ IMAGE_AVIF_EFFORT: "10" })).toHaveProperty("error");
    expect(parseCmsEnv({ IMAGE_AVIF_EFFORT: "1.5" })).toHaveProperty("error");
  });

  it("reads CAPTCHA_DIFFICULTY, whole bits from 8 to 24", () => {
    expect(parseCmsEnv({ CAPTCHA_DIFFICULTY: "10" })).toMatchObject({ env: { CAPTCHA_DIFFICULTY: 10 } });
    expect(parseCmsEnv({ CAPTCHA_DIFFICULTY: "7" })).toHaveProperty("error");
    expect(parseCmsEnv({ CAPTCHA_DIFFICULTY: "25" })).toHaveProperty("error");
    expect(parseCmsEnv({ CAPTCHA_DIFFICULTY: "12.5" })).toHaveProperty("error");
  });
});
