import { randomUUID } from "node:crypto";

import type { SubmissionResult } from "@conform-to/react";

import type { FormField } from "@contract/form-fields";
import { answerFields, formFields } from "@contract/form-fields";
import type { CaptchaChallenge, Form } from "@contract/forms";
import { cardSurcharge, type SurchargeRule } from "@contract/surcharges";
import { checkPaid, getCaptcha, getForm } from "~/lib/api/forms.server";
import { getSettings, getSiteToday } from "~/lib/api/site.server";
import type { Transport } from "~/lib/api/transport.server";
import { sanitizeCmsHtml } from "~/lib/cms-html.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { FormVisit } from "../../types";
import { selectValue } from "./definition";
import type { FormFields } from "./fields.server";

/** What the form's view renders: the definition, and the visit's state around it. */
export interface FormWidgetData {
  form: Pick<Form, "id" | "name" | "url" | "use_captcha" | "must_be_logged_on" | "cost" | "thank_you">;
  fields: FormField[];
  csrf: string;
  /** Random per render: a double submit makes one submission (decision 051). */
  idempotencyKey: string;
  /** Where the action sends the visitor back (a same-site path). */
  returnPath: string;
  signedIn: boolean;
  captcha: CaptchaChallenge | null;
  /** After the gateway's return (`?payum_token=`): paid or not, and a booking's tickets code; null without a token. */
  payment: { paid: boolean; status: string; tickets: string | null } | null;
  /** Today on the site's clock (YYYY-MM-DD): where a booking's days start. */
  today: string;
  /** A paid form's card surcharge (payment_surcharges), said beside the price; null: none. */
  surcharge: SurchargeRule | null;
  /** The last failed post to this form: its errors and the visitor's input. */
  reply: SubmissionResult<string[]> | null;
  /** Answers from the address (`?product=`), for fields the form has. */
  prefill: Record<string, string>;
}

/** Loads a form for the widget or a route (/contact): the definition and the visit's state. */
export async function loadForm(
  transport: Transport,
  by: { id: number } | { url: string },
  visit: FormVisit | undefined,
): Promise<FormWidgetData | undefined> {
  const form = await getForm(transport, by);
  // Content fields' HTML as the allowlist keeps it (no frames in a form).
  const fields = formFields(form).map((f) => (f.content ? { ...f, content: sanitizeCmsHtml(f.content) } : f));
  const search = visit?.searchParams ?? new URLSearchParams();
  const token = search.get("payum_token");
  const [captcha, payment, today, settings] = await Promise.all([
    form.use_captcha && visit ? getCaptcha(transport, form.id).catch(() => null) : Promise.resolve(null),
    token && visit
      ? checkPaid(transport, visit.pageAddress, token)
          .then((r) => ({ paid: r.success, status: r.payment?.status ?? "", tickets: r.receipt?.code ?? null }))
          .catch(() => ({ paid: false, status: "", tickets: null }))
      : Promise.resolve(null),
    getSiteToday(transport),
    form.cost > 0 ? getSettings(transport).catch(() => null) : Promise.resolve(null),
  ]);
  const prefill: Record<string, string> = {};
  for (const field of answerFields(fields)) {
    const value = search.get(field.name);
    if (value === null || field.kind === "password" || field.kind === "signature") continue;
    const v = value.slice(0, 500);
    prefill[field.name] = field.kind === "select" ? selectValue(field, v) : v;
  }
  const reply = visit?.formReply?.form === form.id ? visit.formReply.reply : null;
  return {
    form: {
      id: form.id,
      name: form.name,
      url: form.url,
      use_captcha: form.use_captcha,
      must_be_logged_on: form.must_be_logged_on,
      cost: form.cost,
      thank_you: form.thank_you,
    },
    fields,
    csrf: visit ? visit.csrf() : "",
    idempotencyKey: randomUUID(),
    returnPath: visit?.returnPath ?? "/",
    signedIn: visit?.signedIn ?? false,
    captcha,
    payment,
    today,
    surcharge: cardSurcharge(settings),
    reply,
    prefill,
  };
}

/** core/form: the form the widget's `id` names. */
export async function load({ fields, transport, visit }: WidgetLoadArgs<FormFields>) {
  const { id } = fields;
  if (id === null || id === "") return undefined;
  const n = Number(id);
  return loadForm(transport, Number.isInteger(n) && n > 0 ? { id: n } : { url: String(id) }, visit);
}
