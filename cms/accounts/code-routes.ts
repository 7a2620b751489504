/**
 * The account calls that work by mail (prefix `/api/v1/cognito/user`, decision 040): parse with
 * zod (a bad field is a 400 with `errors`), take the rate limits, call `code-service.ts`.
 * Mounted before the other `/user` routes, so `GET /user/{id}` never sees these paths.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import type { SignUp } from "../contract/accounts";
import type { Accepts } from "../contract/answer";
import type { Mailer } from "../mail/mailer";
import {
  asksDateOfBirth,
  type CodeCallContext,
  loginRecoveryCode,
  recoverPassword,
  recoverPasswordCheck,
  registerLink,
  sendLoginLink,
} from "./code-service";
import { enforceRateLimit } from "./rate-limit";
import { fingerprintField } from "./routes";
import { emailField, isoDate, memberText, parseBody, parseQueryOr400 } from "./validation";

/** A language code such as "de" or "pt-BR"; one the site does not have gets English mail. */
const language = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, "must be a language code")
  .optional();
/** A code as sent back: the 6 digits or a link's token. */
const code = z.string().trim().min(6, "is required").max(100);
/** A flag that may come as JSON or as form text. */
const flag = z.preprocess(
  (v) => (v === "true" || v === "1" || v === 1 ? true : v === "false" || v === "0" || v === 0 || v === "" ? false : v),
  z.boolean(),
);
const name = memberText(100).pipe(z.string().min(1, "is required"));

const sendLoginLinkSchema = z.object({
  email: emailField,
  fingerprint: fingerprintField,
  code_only: flag.optional().default(false),
  language,
  redirect_to: z.string().max(2000).optional(),
});

const recoverPasswordSchema = z.object({ email: emailField, language });

const recoverPasswordCheckSchema = z.object({
  email: emailField,
  code,
  newpassword: z.string().min(8, "must be at least 8 characters").max(1000),
});

const loginRecoveryCodeSchema = z.object({ email: emailField, code, fingerprint: fingerprintField });

/** An ISO date in the past, at most 130 years ago (at the request's moment). */
function dateOfBirth(now: number) {
  const today = new Date(now).toISOString().slice(0, 10);
  const oldest = `${new Date(now).getUTCFullYear() - 130}${today.slice(4)}`;
  return isoDate
    .refine((v) => v < today, "must be in the past")
    .refine((v) => v >= oldest, "must be a real birth date");
}

function registerLinkSchema(now: number, dobRequired: boolean) {
  const dob = dateOfBirth(now);
  return z.object({
    email: emailField,
    first_name: name,
    last_name: name,
    date_of_birth: dobRequired
      ? z.string({ required_error: "is required" }).pipe(dob)
      : z
          .string()
          .optional()
          .transform((v) => (v?.trim() ? v : undefined))
          .pipe(dob.optional()),
    fingerprint: fingerprintField,
    language,
  });
}

/**
 * The call's input: a GET's query; a POST's JSON or form body (not its query: a code or password
 * in a URL ends up in logs). A bad value is a 400 `{ message, status, errors }`.
 */
function parseInput<T extends z.ZodTypeAny>(c: Context<CmsEnv>, schema: T): Promise<z.infer<T>> {
  return c.req.method === "POST" ? parseBody(c, schema) : Promise.resolve(parseQueryOr400(c, schema));
}

export function codeRoutes(mailer: Mailer) {
  const routes = new Hono<CmsEnv>();
  const context = (c: Context<CmsEnv>): CodeCallContext => ({
    db: c.var.db,
    mailer,
    siteUrl: c.var.siteUrl,
    now: c.var.now,
  });

  routes.post("/sendLoginLink", async (c) => {
    const input = await parseInput(c, sendLoginLinkSchema);
    await enforceRateLimit(c, "link", input.email);
    await sendLoginLink(context(c), {
      email: input.email,
      codeOnly: input.code_only,
      language: input.language,
      redirectTo: input.redirect_to,
    });
    return c.json({ ok: true });
  });

  routes.post("/registerLink", async (c) => {
    const input = await parseInput(c, registerLinkSchema(c.var.now, await asksDateOfBirth(c.var.db)));
    await enforceRateLimit(c, "register", input.email);
    await registerLink(context(c), {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      dateOfBirth: input.date_of_birth,
      language: input.language,
    });
    return c.json({ ok: true });
  });

  routes.on(["GET", "POST"], "/recoverPassword", async (c) => {
    const input = await parseInput(c, recoverPasswordSchema);
    await enforceRateLimit(c, "recover", input.email);
    await recoverPassword(context(c), input);
    return c.json({ ok: true });
  });

  routes.on(["GET", "POST"], "/recoverPasswordCheck", async (c) => {
    const input = await parseInput(c, recoverPasswordCheckSchema);
    await enforceRateLimit(c, "code", input.email);
    await recoverPasswordCheck(context(c), { email: input.email, code: input.code, newPassword: input.newpassword });
    return c.json({ ok: true });
  });

  routes.on(["GET", "POST"], "/loginRecoveryCode", async (c) => {
    const input = await parseInput(c, loginRecoveryCodeSchema);
    await enforceRateLimit(c, "code", input.email);
    return c.json(await loginRecoveryCode(context(c), { ...input, secret: c.var.tokenSecret }));
  });

  return routes;
}

/** What the site's sign-up form sends (the contract's SignUp) is what this reads. */
export type _SiteSignUpBody = Accepts<ReturnType<typeof registerLinkSchema>, SignUp>;
