/** The standalone CMS's environment (`npm run cms`), validated with zod: a bad value names its variable. */
import { z } from "zod";

import { databaseEnvFields } from "./contract/database-env";
import { paymentEnvFields, paymentEnvIssues } from "./contract/payment-env";

/** An optional URL: unset or blank is none. */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A mail server's URL: smtp:// or smtps://; unset or blank is none. */
const smtpUrl = optionalUrl.refine(
  (v) => v === undefined || /^smtps?:\/\//i.test(v),
  "must be an smtp:// or smtps:// URL",
);

/** A From header such as `Name <address@example.com>`: one line with an address. */
const mailFrom = optionalText.pipe(
  z
    .string()
    .max(200)
    .regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/, "must be an address such as Name <hello@example.com>")
    .optional(),
);

export const cmsEnvSchema = z
  .object({
    CMS_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
    /** Interface to listen on; set 0.0.0.0 (or ::) when the site runs on another machine. */
    CMS_HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    /** "production" turns GraphQL introspection off. */
    NODE_ENV: z.enum(["development", "production", "test"]).optional(),
    DATABASE_URL: optionalUrl,
    // DATABASE_POOL_MAX, DATABASE_POOL_WAIT_MS (cms/contract/database-env.ts, decision 120)
    ...databaseEnvFields,
    /** The site to tell about content changes (its `/_purge` endpoint); unset: nobody is told. */
    SITE_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), "must be an http(s) URL"),
    /** The bearer token the site's `/_purge` expects; needed with SITE_URL. */
    PURGE_TOKEN: optionalText
      .refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters")
      // The site reads the bearer token up to the first space: a token with one could never match.
      .refine((v) => v === undefined || /^\S+$/.test(v), "must not contain spaces"),
    /** The access tokens' HS256 secret (decision 041); unset: generated into DATA_DIR/jwt-secret. */
    JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
    /** Multiplier of the account calls' rate limits (decision 041; default 1). */
    AUTH_RATE_LIMIT: z.coerce.number().positive("must be above 0").max(10_000).default(1),
    /** AVIF's encode effort (0–9): lower is faster to make, larger to send. */
    IMAGE_AVIF_EFFORT: z.coerce.number().int().min(0).max(9).default(3),
    /** The bits of the form captcha's proof of work (8–24, decision 051): each one doubles a sender's work. */
    CAPTCHA_DIFFICULTY: z.coerce.number().int().min(8).max(24).default(18),
    // PAYMENT_GATEWAY, PAYMENT_NOTIFY_SECRET, STRIPE_*, ALLOW_TEST_PAYMENTS (cms/contract/payment-env.ts)
    ...paymentEnvFields,
    /** Where browsers reach this CMS (its `/pay/…` pages); unset: http://localhost:{CMS_PORT}. */
    CMS_PUBLIC_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), "must be an http(s) URL"),
    /** The mail server; unset: mail is written to DATA_DIR/outbox (`npm run outbox`). */
    SMTP_URL: smtpUrl,
    /** The From of the account mails; unset: `DEFAULT_MAIL_FROM`. */
    MAIL_FROM: mailFrom,
  })
  .superRefine((env, ctx) => {
    for (const issue of paymentEnvIssues(env, { name: "CMS_PUBLIC_URL", value: env.CMS_PUBLIC_URL })) {
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }
    if (env.SITE_URL && !env.PURGE_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["PURGE_TOKEN"], message: "must be set when SITE_URL is set" });
    }
    if (env.PURGE_TOKEN && !env.SITE_URL) {
      ctx.addIssue({ code: "custom", path: ["SITE_URL"], message: "must be set when PURGE_TOKEN is set" });
    }
  });

export type CmsEnvironment = z.infer<typeof cmsEnvSchema>;

/** The parsed environment, or the message naming the first bad variable. */
export function parseCmsEnv(env: Record<string, string | undefined>): { env: CmsEnvironment } | { error: string } {
  const parsed = cmsEnvSchema.safeParse(env);
  if (parsed.success) return { env: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: `Invalid environment variable ${issue.path.join(".")}: ${issue.message}` };
}
