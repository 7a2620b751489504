/**
 * The account calls that work by mail (prefix `/api/v1/cognito/user`, decision 040): parse with
 * zod (a bad field is a 400 with `errors`), take the rate limits, call `code-service.ts`.
 * Mounted before the other `/user` routes, so `GET /user/{id}` never sees these paths.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
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
import { ApiError } from "./errors";
import { enforceRateLimit } from "./rate-limit";

const email = z.string().trim().toLowerCase().max(254).email();
const fingerprint = z.string().trim().min(1).max(100);
/** A language code such as "de" or "pt-BR"; an unknown one gets English mail. */
const language = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, "must be a language code")
  .optional();
/** A code as sent back: the 6 digits or a link's token. */
const code = z.string().trim().min(6).max(100);
/** A flag that may come as JSON or as query text. */
const flag = z.preprocess(
  (v) => (v === "true" || v === "1" || v === 1 ? true : v === "false" || v === "0" || v === 0 || v === "" ? false : v),
  z.boolean(),
);
const name = z.string().trim().min(1, "is required").max(100);

const sendLoginLinkSchema = z.object({
  email,
  fingerprint,
  code_only: flag.optional().default(false),
  language,
  redirect_to: z.string().max(2000).optional(),
});

const recoverPasswordSchema = z.object({ email, language });

const recoverPasswordCheckSchema = z.object({
  email,
  code,
  newpassword: z.string().min(8, "must be at least 8 characters").max(200),
});

const loginRecoveryCodeSchema = z.object({ email, code, fingerprint });

/** ISO YYYY-MM-DD, a real day, in the past and at most 130 years ago (at the request's moment). */
function dateOfBirth(now: number) {
  const today = new Date(now).toISOString().slice(0, 10);
  const oldest = `${new Date(now).getUTCFullYear() - 130}${today.slice(4)}`;
  return z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, "must be a date (YYYY-MM-DD)")
    .refine((v) => v < today, "must be in the past")
    .refine((v) => v >= oldest, "must be within the last 130 years");
}

function registerLinkSchema(now: number, dobRequired: boolean) {
  const dob = dateOfBirth(now);
  return z.object({
    email,
    first_name: name,
    last_name: name,
    date_of_birth: dobRequired
      ? z.string({ required_error: "is required" }).pipe(dob)
      : z
          .string()
          .optional()
          .transform((v) => (v?.trim() ? v : undefined))
          .pipe(dob.optional()),
    fingerprint,
    language,
  });
}

/** `{ field: [message] }` of a zod error. */
function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The call's input: a GET's query, a POST's query and JSON object body (the body wins). A bad
 * value is a 400 `{ message, status, errors }`.
 */
async function parseInput<T extends z.ZodTypeAny>(c: Context<CmsEnv>, schema: T): Promise<z.infer<T>> {
  let body: Record<string, unknown> = {};
  if (c.req.method === "POST") {
    const text = await c.req.text();
    if (text.trim() !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new ApiError(400, "The body must be a JSON object", { errors: { body: ["must be a JSON object"] } });
      }
      body = parsed as Record<string, unknown>;
    }
  }
  const result = schema.safeParse({ ...c.req.query(), ...body });
  if (!result.success) throw new ApiError(400, "The given data was invalid", { errors: fieldErrors(result.error) });
  return result.data;
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
