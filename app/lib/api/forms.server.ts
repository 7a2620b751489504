import {
  type BookingTickets,
  captchaSchema,
  formAnswerSchema,
  type FormSubmission,
  submitAnswerSchema,
  ticketsAnswerSchema,
} from "@contract/forms";
import { base64Address, checkPaidAnswerSchema } from "@contract/payments";

import { CacheNone } from "./cache-strategies";
import { noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

/**
 * The forms and payment calls of decision 051 (prefix /api/v1/cognito). Answers are parsed with
 * their schemas of the API contract (`@contract/forms`, `@contract/payments`); a refusal arrives
 * as UpstreamError (400 with `errors` per field, 401 LOGIN_REQUIRED).
 */

const FORM = "/api/v1/cognito/form";
const PAYMENT = "/api/v1/cognito/payment";

/** A form by its id, or by its url ("contact"). */
export async function getForm(t: Transport, by: { id: number } | { url: string }) {
  return (await t.get(FORM, formAnswerSchema, by)).form;
}

/** A new captcha challenge for a form (single use, never cached). */
export async function getCaptcha(t: Transport, formId: number) {
  return t.get(`${FORM}/captcha`, captchaSchema, { form: formId });
}

/** Sends the answers: the thank-you text, and the gateway's address when the form costs money. */
export async function submitForm(t: Transport, formId: number, body: FormSubmission) {
  return t.post(`${FORM}/submit/${formId}`, submitAnswerSchema, body);
}

/** After the gateway's return: whether the payment named by the token is paid (and fulfilled). */
export async function checkPaid(t: Transport, returnAddress: string, token: string) {
  return t.get(`${PAYMENT}/checkPaid`, checkPaidAnswerSchema, {
    url: base64Address(returnAddress),
    payum_token: token,
  });
}

/** A paid booking's tickets by the code its buyer was mailed; null for any other code. */
export function getTickets(t: Transport, code: string): Promise<BookingTickets | null> {
  return t
    .get(`${FORM}/tickets/${encodeURIComponent(code)}`, ticketsAnswerSchema, undefined, { cache: CacheNone })
    .then((r) => r.data)
    .catch(noneOn404<BookingTickets | null>(null));
}
