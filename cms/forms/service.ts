/**
 * The forms service (decisions 051 and 054): a form as the API answers it, and a submission
 * checked against the form's definition, its captcha used up, stored in one transaction with the
 * form's version and questions, and mailed to the business and (with an e-mail field) the sender.
 * A form with a cost waits for payment: its mails go out when the payment is fulfilled.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";

import { ApiError } from "../accounts/errors";
import { answer } from "../contract/answer";
import { type FormField, formFields, senderEmail } from "../contract/form-fields";
import { centsToDollars } from "../contract/formats";
import { formSchema, submitAnswerSchema } from "../contract/forms";
import type { Db } from "../db/client";
import { forms, formSubmissions, type users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { type DescribedImage, describeImage, insertImage } from "../media/store";
import { bookingDescription, booksPlaces, issueTickets, priceOf, siteToday } from "./bookings";
import { type CaptchaCheck, checkCaptcha, useChallenge } from "./captcha";
import { mailSubmission } from "./notify";
import { validateSubmission } from "./validate";

export type FormRow = typeof forms.$inferSelect;
export type SubmissionRow = typeof formSubmissions.$inferSelect;

/** The answer's message when the form has no thank-you text. */
export const DEFAULT_THANK_YOU = "Thank you: your form has been sent.";

/** A form as `GET /form` answers it (decision 051): cost in dollars. */
export function formAnswer(form: FormRow) {
  return answer(formSchema, {
    id: form.id,
    name: form.name,
    url: form.url,
    use_captcha: form.useCaptcha,
    must_be_logged_on: form.mustBeLoggedOn,
    cost: centsToDollars(form.costCents),
    questions: form.questions,
    data: form.data,
    version: form.version,
    thank_you: form.thankYou,
  });
}

export async function findForm(db: Db, by: { id?: number; url?: string }): Promise<FormRow | null> {
  if (by.id !== undefined) {
    const [row] = await db.select().from(forms).where(eq(forms.id, by.id));
    return row ?? null;
  }
  if (by.url !== undefined) {
    const url = by.url.trim().replace(/^\/+|\/+$/g, "");
    const [row] = await db.select().from(forms).where(eq(forms.url, url));
    return row ?? null;
  }
  return null;
}

/** What a paid form's submission asks of the payments area (`startPayment` in a route). */
export type StartFormPayment = (
  tx: Db,
  input: {
    kind: "form";
    referenceId: number;
    amountCents: number;
    description: string;
    returnUrl: string;
    email: string;
    userId: number | null;
    details: Record<string, unknown>;
  },
) => Promise<{ paymentId: number; redirectUrl: string }>;

export interface SubmitContext {
  db: Db;
  mailer: Mailer;
  now: number;
  /** The key the captcha challenges are signed with. */
  secret: Uint8Array;
  /** The signed-in member, or null. */
  user: typeof users.$inferSelect | null;
  /** Starts a paid form's payment; without it a form with a cost cannot be submitted. */
  startPayment?: StartFormPayment;
  /** The proof of work's difficulty (tests may lower it). */
  captchaDifficulty?: number;
}

export interface SubmitInput {
  formId: number;
  data: Record<string, unknown>;
  url: string;
  idempotencyKey: string;
  captcha?: unknown;
  /** The sender's language, for the receipt. */
  language?: string;
}

export interface SubmitAnswer {
  success: true;
  message: string;
  payment?: string;
}

/** A 400 `{ success: false, error, errors }` (plus decision 040's message and status). */
export function submitError(error: string, errors: Record<string, string[]>, code?: string) {
  return new ApiError(400, error, { code, errors, extra: { success: false, error } });
}

const CAPTCHA_MESSAGES: Record<string, string> = {
  missing: "is required",
  invalid: "is not valid",
  expired: "has expired",
  unsolved: "is not solved",
  honeypot: "is not valid",
  too_fast: "was sent too fast",
  used: "has been used",
};

function captchaError(reason: string) {
  return submitError(
    "The captcha was not accepted",
    { captcha: [CAPTCHA_MESSAGES[reason] ?? "is not valid"] },
    "CAPTCHA_FAILED",
  );
}

/** The signature's image ready to store: an SVG rasterised to PNG; null when there is none. */
async function signatureImage(
  fields: FormField[],
  values: Record<string, string>,
): Promise<{ name: string; image: DescribedImage } | null> {
  const field = fields.find((f) => f.kind === "signature" && values[f.name]);
  if (!field) return null;
  const match = /^data:image\/(png|jpeg|svg\+xml);base64,(.*)$/s.exec(values[field.name]);
  const rejected = () => submitError("The given data was invalid", { [field.name]: ["must be a signature image"] });
  if (!match) throw rejected();
  try {
    let bytes: Uint8Array = Buffer.from(match[2], "base64");
    if (match[1] === "svg+xml") {
      bytes = await sharp(bytes, { limitInputPixels: 25_000_000 }).flatten({ background: "#ffffff" }).png().toBuffer();
    }
    return { name: field.name, image: await describeImage(bytes, `signature.${match[1] === "jpeg" ? "jpg" : "png"}`) };
  } catch {
    throw rejected();
  }
}

async function existingAnswer(db: Db, form: FormRow, key: string): Promise<SubmitAnswer | null> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, form.id), eq(formSubmissions.idempotencyKey, key)));
  if (!row) return null;
  return answerOf(form, row);
}

function answerOf(form: FormRow, row: SubmissionRow): SubmitAnswer {
  const payment = row.status === "awaiting_payment" ? row.paymentUrl : undefined;
  return answer(submitAnswerSchema, {
    success: true,
    message: form.thankYou || DEFAULT_THANK_YOU,
    ...(typeof payment === "string" ? { payment } : {}),
  });
}

/**
 * Submits a form: 404 unknown form; 401 LOGIN_REQUIRED without a member when it must be logged
 * on; the same idempotency key answers the first answer again and stores nothing; 400 with
 * `errors` for invalid answers or a refused captcha. Stores the submission, the signature image
 * and the payment in one transaction, then mails (unpaid forms) or answers the payment address.
 */
export async function submitForm(ctx: SubmitContext, input: SubmitInput): Promise<SubmitAnswer> {
  const form = await findForm(ctx.db, { id: input.formId });
  if (!form) throw new ApiError(404, "Form not found");
  if (form.mustBeLoggedOn && !ctx.user) {
    throw new ApiError(401, "Sign in to send this form", { code: "LOGIN_REQUIRED" });
  }
  const first = await existingAnswer(ctx.db, form, input.idempotencyKey);
  if (first) return first;

  const fields = formFields(form);
  // A booking's date is judged on the site's clock; its price is the cost times its places.
  const result = validateSubmission(fields, input.data, { today: await siteToday(ctx.db, ctx.now) });
  if (!result.ok) throw submitError("The given data was invalid", result.errors);
  const price = form.costCents > 0 ? priceOf(form.costCents, fields, result.values) : { quantity: 1, cents: 0 };
  let captcha: CaptchaCheck | null = null;
  if (form.useCaptcha) {
    captcha = checkCaptcha(ctx.secret, {
      formId: form.id,
      captcha: input.captcha,
      data: input.data,
      now: ctx.now,
      difficulty: ctx.captchaDifficulty,
    });
    if (!captcha.ok) throw captchaError(captcha.reason);
  }
  if (form.costCents > 0 && !ctx.startPayment) throw new ApiError(409, "This form cannot take payments yet");
  const signature = await signatureImage(fields, result.values);
  const values = { ...result.values };
  if (signature) values[signature.name] = signature.image.hash;
  const email = senderEmail(fields, result.values);

  const stored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        formId: form.id,
        formVersion: form.version,
        questions: form.questions,
        answers: values,
        signatureHash: signature?.image.hash ?? null,
        userId: ctx.user?.id ?? null,
        url: input.url.slice(0, 2000),
        idempotencyKey: input.idempotencyKey,
        status: form.costCents > 0 ? "awaiting_payment" : "received",
        quantity: price.quantity,
        createdAt: new Date(ctx.now),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null; // a parallel submit with the same key stored it first
    if (captcha?.ok && !(await useChallenge(tx, captcha))) throw captchaError("used");
    if (signature) await insertImage(tx, signature.image);
    if (form.costCents > 0 && ctx.startPayment) {
      const payment = await ctx.startPayment(tx, {
        kind: "form",
        referenceId: row.id,
        amountCents: price.cents,
        description: bookingDescription(form.name, price.quantity, form.costCents),
        returnUrl: input.url,
        email,
        userId: ctx.user?.id ?? null,
        details: { language: input.language ?? null },
      });
      const [updated] = await tx
        .update(formSubmissions)
        .set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl })
        .where(eq(formSubmissions.id, row.id))
        .returning();
      return updated;
    }
    return row;
  });
  if (!stored) {
    const again = await existingAnswer(ctx.db, form, input.idempotencyKey);
    if (again) return again;
    throw new ApiError(409, "The form was sent twice at once: try again");
  }
  if (stored.status === "received")
    await mailSubmission(ctx.db, ctx.mailer, form, stored, { language: input.language });
  return answerOf(form, stored);
}

/**
 * The "form" kind's fulfilment (registered with the payments area): the submission is marked
 * paid and the business and the sender are mailed, once (a submission already paid is left).
 */
export async function fulfilFormPayment(
  tx: Db,
  payment: { referenceId: number; amountCents: number; surchargeCents?: number; details: Record<string, unknown> },
  ctx: { mailer?: Mailer; siteUrl?: string },
) {
  const [submission] = await tx
    .update(formSubmissions)
    .set({ status: "paid", paymentUrl: null })
    .where(and(eq(formSubmissions.id, payment.referenceId), eq(formSubmissions.status, "awaiting_payment")))
    .returning();
  if (!submission) return;
  const form = await findForm(tx, { id: submission.formId });
  if (!form) return;
  // A booking's places get their tickets, mailed with the receipt.
  const fields = formFields({ questions: submission.questions, data: form.data });
  const ticketCode = booksPlaces(fields) ? await issueTickets(tx, submission.id) : null;
  if (!ctx.mailer) return;
  const language = typeof payment.details.language === "string" ? payment.details.language : undefined;
  await mailSubmission(tx, ctx.mailer, form, submission, {
    language,
    // What was paid: the receipt's amount is the card's charge, its surcharge included.
    amountCents: payment.amountCents + (payment.surchargeCents ?? 0),
    ticketCode,
    siteUrl: ctx.siteUrl,
  });
}
