import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { databaseEnvFields } from "@contract/database-env";
import { paymentEnvFields, paymentEnvIssues } from "@contract/payment-env";

import { parseDsn } from "./error-reporting/dsn";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

/** A mail server's URL: smtp:// or smtps://; unset or blank is none. */
const smtpUrl = optionalUrl.refine(
  (v) => v === undefined || /^smtps?:\/\//i.test(v),
  "must be an smtp:// or smtps:// URL",
);

/** A From header such as `Name <address@example.com>`: one line with an address. */
const mailFrom = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(
    z
      .string()
      .max(200)
      .regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/, "must be an address such as Name <hello@example.com>")
      .optional(),
  )
  .optional();

/**
 * The site's environment. Every variable here is read by the code and documented in the README's
 * configuration table (a test keeps the two in step); a feature that needs a new one adds both.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface to listen on; unset = every interface, IPv4 and IPv6. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  CMS_API_URL: optionalUrl,
  /** The external API host as browsers reach it (its back-office is at /cms); default CMS_API_URL. */
  CMS_PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  // The embedded CMS's PostgreSQL pool: DATABASE_POOL_MAX, DATABASE_POOL_WAIT_MS
  // (cms/contract/database-env.ts, decision 120).
  ...databaseEnvFields,
  /**
   * Where the embedded CMS LISTENs for the other instances' content changes (decision 118): the
   * PostgreSQL itself when DATABASE_URL goes through a pooler in transaction mode (which cannot
   * LISTEN); unset, DATABASE_URL. With CMS_API_URL, the external CMS's PostgreSQL: each instance
   * of the site then hears that CMS's changes itself (decision 123); unset, only POST /_purge.
   */
  DATABASE_LISTEN_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: optionalUrl,
  /** Shared secret of the CMS's purge calls (`POST /_purge`); unset or empty, the endpoint is off. */
  PURGE_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().min(32, "must be at least 32 characters").regex(/^\S+$/, "must not contain spaces").optional())
    .optional(),
  /**
   * Origins a token login's `b` (base-URL override) may name, comma-separated (decision 047);
   * unset, every `b` is ignored and tokens are checked with the configured CMS.
   */
  TOKEN_LOGIN_ORIGINS: z.string().trim().optional(),
  /** The access tokens' HS256 secret (decision 041); unset or empty: generated into DATA_DIR/jwt-secret. */
  JWT_SECRET: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().min(32, "must be at least 32 characters").optional())
    .optional(),
  /** Multiplier of the account calls' rate limits (decision 041); test servers that sign in often raise it. */
  AUTH_RATE_LIMIT: z.coerce.number().positive("must be above 0").max(10_000).default(1),
  /** The site's OAuth2 client id at the CMS (the embedded CMS registers it, with `{origin}/auth`, at start). */
  OAUTH_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,100}$/, "must be letters, digits, '.', '-' or '_'")
    .default("dovetail-site"),
  /** Upstream request timeout in milliseconds (spec section 9: 50 000). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(50_000),
  /**
   * The longest a page request (GET or HEAD) waits for the upstream, all its calls together; then
   * the cached or seeded copies serve, and the circuit breaker makes the next requests not wait.
   */
  PAGE_DEADLINE_MS: z.coerce.number().int().min(100).max(300_000).default(8_000),
  /**
   * After SIGTERM or SIGINT, how long the server keeps accepting while /healthz answers 503, so a
   * balancer stops sending before it stops listening (decision 120); 0 stops listening at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** The background making of the image variants pages name (decision 032); off for test servers. */
  IMAGE_WARM_UP: z.enum(["on", "off"]).default("on"),
  /** AVIF's encode effort in the embedded CMS (0–9): lower is faster to make, larger to send. */
  IMAGE_AVIF_EFFORT: z.coerce.number().int().min(0).max(9).default(3),
  /** The bits of the form captcha's proof of work (8–24, decision 051): each one doubles a sender's work. */
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(8).max(24).default(18),
  /** The rendered-page cache (decision 029): on, or off to render every page (benchmarks, debugging). */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** The rendered-page cache's bound, in MiB (all bodies counted: plain, brotli and gzip). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(64),
  // The embedded CMS's payment gateway: PAYMENT_GATEWAY, PAYMENT_NOTIFY_SECRET, STRIPE_*,
  // ALLOW_TEST_PAYMENTS (cms/contract/payment-env.ts, decision 116).
  ...paymentEnvFields,
  /** The embedded CMS's mail server (`smtp://` or `smtps://`); unset: mail is written to DATA_DIR/outbox. */
  SMTP_URL: smtpUrl,
  /** The From of the CMS's mail; unset: `DEFAULT_MAIL_FROM` (cms/mail/mailer.ts). */
  MAIL_FROM: mailFrom,
  /** The error-reporting service's DSN (decision 065); unset or empty: nothing is reported or loaded. */
  SENTRY_DSN: optionalUrl.refine(
    (v) => v === undefined || parseDsn(v) !== null,
    "must be a DSN such as https://public-key@host/project-id",
  ),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string };

/**
 * Validates the environment. A bad value throws an error naming the variable. A missing
 * SESSION_SECRET is generated once into DATA_DIR and reused (one instance needs nothing more).
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  // The gateway's settings matter where it runs: in the embedded CMS.
  const payments = env.CMS_API_URL ? [] : paymentEnvIssues(env, { name: "PUBLIC_URL", value: env.PUBLIC_URL });
  if (payments.length > 0) {
    throw new Error(`Invalid environment variable(s):\n${payments.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`);
  }
  let secret = env.SESSION_SECRET;
  if (!secret) {
    secret = loadOrCreateSecret(env.DATA_DIR);
    if (env.NODE_ENV === "production") {
      console.warn(
        "[env] SESSION_SECRET is unset: using the one generated in DATA_DIR. Set it when running more than one instance.",
      );
    }
  }
  return { ...env, SESSION_SECRET: secret };
}

function loadOrCreateSecret(dataDir: string) {
  const file = path.resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  // DATA_DIR holds the database and this secret: the owner's alone (see data-dir.server.ts).
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
