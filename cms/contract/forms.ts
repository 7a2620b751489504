/**
 * Forms (decision 051): a form's definition (`GET form`), a captcha challenge (`GET form/captcha`)
 * and a submission's answer (`POST form/submit/{id}`). How a definition's questions are read, and
 * the rules an answer is checked by, are `form-fields.ts`.
 */
import { z } from "zod";

import { orEmpty } from "./lenient";

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");

export const formSchema = z.object({
  id: z.coerce.number(),
  name: orEmpty,
  url: orEmpty,
  use_captcha: flag,
  must_be_logged_on: flag,
  cost: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  thank_you: orEmpty,
  version: z.coerce.number().nullish(),
  questions: z.array(z.unknown()).nullish(),
  data: z.array(z.unknown()).nullish(),
});
export type Form = z.infer<typeof formSchema>;

export const formAnswerSchema = z.object({ form: formSchema });

export const captchaSchema = z.object({
  challenge: z.string(),
  difficulty: z.coerce.number(),
  expires_at: z.union([z.string(), z.number()]).nullish(),
});
export type CaptchaChallenge = z.infer<typeof captchaSchema>;

export type CaptchaAnswer = { challenge: string; solution: string } | { challenge: string; nojs: true };

/** The body of `POST form/submit/{id}`. */
export type FormSubmission = {
  data: Record<string, string>;
  /** The page's address (where the form was filled in). */
  url: string;
  idempotency_key: string;
  captcha?: CaptchaAnswer;
  /** The visitor's language, for the receipt. */
  language?: string;
};

/** The thank-you text, and the gateway's address when the form costs money. */
export const submitAnswerSchema = z.object({
  success: z.boolean(),
  message: orEmpty,
  payment: z.string().nullish(),
});

/** `GET form/tickets/{code}`: a paid booking's tickets, one per place (issue 27, section 3). */
export const ticketsSchema = z.object({
  form: z.string(),
  /** The day booked, YYYY-MM-DD; null when the form asks none. */
  date: z.string().nullable(),
  holder: z.string().default(""),
  places: z.number().int(),
  tickets: z.array(z.object({ number: z.number().int(), code: z.string() })),
});
export type BookingTickets = z.infer<typeof ticketsSchema>;
export const ticketsAnswerSchema = z.object({ data: ticketsSchema });
