/**
 * The forms calls (prefix `/api/v1/cognito`, decision 051): a form by id or url, a captcha
 * challenge, and a submission (Bearer optional; rate-limited per client address).
 */
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import { authClientAddress, rateLimitedError, takeRateLimit } from "../accounts/rate-limit";
import { optionalUser } from "../accounts/tokens";
import { parseBody, parseQueryOr400 } from "../accounts/validation";
import type { CmsEnv } from "../context";
import { type Accepts, answer } from "../contract/answer";
import { MAX_SIGNATURE } from "../contract/form-fields";
import { type FormSubmission, ticketsAnswerSchema } from "../contract/forms";
import { formSubmissions } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { registerFulfilment, registerReceipt, startPayment } from "../payments/service";
import { ticketsOf } from "./bookings";
import { issueChallenge } from "./captcha";
import { findForm, formAnswer, fulfilFormPayment, type StartFormPayment, submitForm } from "./service";

/** Where submissions are posted, and their body's bound: a 2 MB signature and the other answers. */
export const FORM_SUBMIT_PATH = "/api/v1/cognito/form/submit/";
export const FORM_SUBMIT_BODY_BYTES = MAX_SIGNATURE + 512 * 1024;

/** Submissions allowed per client address in a window (before AUTH_RATE_LIMIT's multiplier). */
export const SUBMIT_LIMIT = { limit: 20, windowSeconds: 900 };

const id = z.coerce.number().int().positive().max(2_147_483_647);

const formQuery = z
  .object({ id: id.optional(), url: z.string().trim().min(1).max(500).optional() })
  .refine((q) => q.id !== undefined || q.url !== undefined, { message: "id or url is required", path: ["id"] });

const captchaQuery = z.object({ form: id });

const submitBody = z.object({
  data: z.record(z.unknown()).default({}),
  url: z.string().max(2000).default(""),
  idempotency_key: z
    .string({ required_error: "is required" })
    .trim()
    .min(8, "must be at least 8 characters")
    .max(100, "must be at most 100 characters")
    .regex(/^[\w.:-]+$/, "must be letters, digits, - _ . :"),
  captcha: z.unknown().optional(),
  language: z.string().max(20).optional(),
});

export interface FormRoutesOptions {
  mailer: Mailer;
  /** A paid form's payment; default the payments area's startPayment, in the submission's transaction. */
  startPayment?: (c: Context<CmsEnv>) => StartFormPayment;
  /** The bits of the captcha's proof of work; default CAPTCHA_DIFFICULTY (18). */
  captchaDifficulty?: number;
}

export function formRoutes(options: FormRoutesOptions) {
  const routes = new Hono<CmsEnv>();
  registerFulfilment("form", fulfilFormPayment);
  // A paid booking's return page links its tickets.
  registerReceipt("form", async (db, payment) => {
    const [row] = await db
      .select({ code: formSubmissions.ticketCode })
      .from(formSubmissions)
      .where(eq(formSubmissions.id, payment.referenceId));
    return row?.code ? { code: row.code } : null;
  });
  const pay =
    options.startPayment ??
    ((c: Context<CmsEnv>): StartFormPayment =>
      (tx, input) =>
        startPayment(c, input, tx));

  routes.get("/form", async (c) => {
    const query = parseQueryOr400(c, formQuery);
    const form = await findForm(c.var.db, query);
    if (!form) throw new ApiError(404, "Form not found");
    return c.json({ form: formAnswer(form) });
  });

  routes.get("/form/captcha", async (c) => {
    const query = parseQueryOr400(c, captchaQuery);
    const form = await findForm(c.var.db, { id: query.form });
    if (!form) throw new ApiError(404, "Form not found");
    c.header("Cache-Control", "no-store");
    return c.json(issueChallenge(c.var.tokenSecret, form.id, c.var.now, options.captchaDifficulty));
  });

  // A paid booking's tickets, for whoever holds the code its buyer was mailed (as a voucher's).
  routes.get("/form/tickets/:code", async (c) => {
    const tickets = await ticketsOf(c.var.db, c.req.param("code").toUpperCase());
    if (!tickets) throw new ApiError(404, "Not found");
    c.header("Cache-Control", "private, no-store");
    return c.json(answer(ticketsAnswerSchema, { data: tickets }));
  });

  routes.post("/form/submit/:id", async (c) => {
    const param = c.req.param("id");
    if (!/^[1-9]\d{0,8}$/.test(param)) throw new ApiError(404, "Form not found");
    const formId = Number(param);
    const address = authClientAddress(c);
    if (address !== null) {
      const limit = Math.max(1, Math.round(SUBMIT_LIMIT.limit * c.var.authRateLimit));
      const taken = await takeRateLimit(
        c.var.db,
        [{ key: `form:address:${address}`, limit, windowSeconds: SUBMIT_LIMIT.windowSeconds }],
        c.var.now,
      );
      if (!taken.ok) throw rateLimitedError(taken.retryAfter);
    }
    const body = await parseBody(c, submitBody);
    const form = await findForm(c.var.db, { id: formId });
    const user = await optionalUser(c, form?.mustBeLoggedOn ?? false);
    const answer = await submitForm(
      {
        db: c.var.db,
        mailer: options.mailer,
        now: c.var.now,
        secret: c.var.tokenSecret,
        user,
        startPayment: pay(c),
        captchaDifficulty: options.captchaDifficulty,
      },
      {
        formId,
        data: body.data,
        url: body.url,
        idempotencyKey: body.idempotency_key,
        captcha: body.captcha,
        language: body.language,
      },
    );
    return c.json(answer);
  });

  return routes;
}

/** What the site sends with a form's answers (the contract's FormSubmission) is what this reads. */
export type _SiteSubmissionBody = Accepts<typeof submitBody, FormSubmission>;
