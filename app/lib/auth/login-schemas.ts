import { z } from "zod";

/**
 * The /login page's forms, one zod schema each (decision 025): conform validates with them in the
 * browser and the action on the server. Messages are translation keys; the page translates them.
 */
/** Where a member goes after signing in when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN = "/profile";

const email = z
  .string({ required_error: "login.errors.emailRequired" })
  .trim()
  .max(254, "login.errors.emailInvalid")
  .email("login.errors.emailInvalid");

/** Email and password (remix-auth's form strategy reads the same fields). */
export const passwordSchema = z.object({
  intent: z.literal("password"),
  email,
  password: z
    .string({ required_error: "login.errors.passwordRequired" })
    .min(1, "login.errors.passwordRequired")
    .max(1024),
});

/** Email me a sign-in link (or a code, when the site sends codes only). */
export const linkSchema = z.object({ intent: z.literal("link"), email });

/**
 * A mailed code: the 6 digits of a code mail, or the long code of a sign-in link (32 random bytes
 * in base64url), which the link's page posts.
 */
export const codeSchema = z.object({
  intent: z.literal("code"),
  email,
  code: z
    .string({ required_error: "login.errors.codeRequired" })
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9_-]{20,128})$/, "login.errors.codeFormat"),
});

export const LOGIN_INTENTS = ["password", "link", "code"] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

export const loginSchemas = { password: passwordSchema, link: linkSchema, code: codeSchema } as const;
