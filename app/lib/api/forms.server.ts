import { z } from "zod";

import type { Transport } from "./transport.server";

/**
 * The forms and payment calls of decision 051 (prefix /api/v1/cognito). Answers are parsed with
 * the schemas here; a refusal arrives as UpstreamError (400 with `errors` per field, 401
 * LOGIN_REQUIRED).
 */

const FORM = "/api/v1/cognito/form";
const PAYMENT = "/api/v1/cognito/payment";

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

export const formSchema = z.object({
  id: z.coerce.number(),
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  url: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  use_captcha: flag,
  must_be_logged_on: flag,
  cost: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  thank_you: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  version: z.coerce.number().nullish(),
  questions: z.array(z.unknown()).nullish(),
  data: z.array(z.unknown()).nullish(),
});
export type Form = z.infer<typeof formSchema>;

const formAnswer = z.object({ form: formSchema });

/** A form by its id, or by its url ("contact"). */
export async function getForm(t: Transport, by: { id: number } | { url: string }) {
  return (await t.get(FORM, formAnswer, by)).form;
}

export const captchaSchema = z.object({
  challenge: z.string(),
  difficulty: z.coerce.number(),
  expires_at: z.union([z.string(), z.number()]).nullish(),
});
export type CaptchaChallenge = z.infer<typeof captchaSchema>;

/** A new captcha challenge for a form (single use, never cached). */
export async function getCaptcha(t: Transport, formId: number) {
  return t.get(`${FORM}/captcha`, captchaSchema, { form: formId });
}

export type CaptchaAnswer = { challenge: string; solution: string } | { challenge: string; nojs: true };

export interface FormSubmission {
  data: Record<string, string>;
  /** The page's address (where the form was filled in). */
  url: string;
  idempotency_key: string;
  captcha?: CaptchaAnswer;
  /** The visitor's language, for the receipt. */
  language?: string;
}

const submitAnswer = z.object({
  success: z.boolean(),
  message: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  payment: z.string().nullish(),
});

/** Sends the answers: the thank-you text, and the gateway's address when the form costs money. */
export async function submitForm(t: Transport, formId: number, body: FormSubmission) {
  return t.post(`${FORM}/submit/${formId}`, submitAnswer, body);
}

const checkPaidAnswer = z.object({
  success: z.boolean(),
  payment: z
    .object({
      status: z.string().nullish(),
      amount: z.coerce.number().nullish(),
      kind: z.string().nullish(),
      reference: z.union([z.string(), z.number()]).nullish(),
      description: z.string().nullish(),
    })
    .nullish(),
});
export type PaymentCheck = z.infer<typeof checkPaidAnswer>;

/** After the gateway's return: whether the payment named by the token is paid (and fulfilled). */
export async function checkPaid(t: Transport, returnAddress: string, token: string) {
  return t.get(`${PAYMENT}/checkPaid`, checkPaidAnswer, {
    url: Buffer.from(returnAddress, "utf8").toString("base64"),
    payum_token: token,
  });
}
