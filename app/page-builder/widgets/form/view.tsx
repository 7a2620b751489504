import { useTranslation } from "react-i18next";

import type { FormField } from "@contract/form-fields";
import { answerFields } from "@contract/form-fields";
import { formatMoney } from "@contract/formats";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, FormErrors } from "~/components/member/form-field";
import { SurchargeNote } from "~/components/shop/surcharge-note";
import { enhance } from "~/enhancers/names";

import type { WidgetViewProps } from "../../define-widget";
import { Field } from "./field";
import type { FormFields } from "./fields.server";
import type { FormWidgetData } from "./load.server";
import { ERR } from "./messages";

type Props = WidgetViewProps<FormFields, FormWidgetData>;

/** The hidden fields' names the action reads beside the answers. */
export const META = {
  idempotencyKey: "idempotency_key",
  redirectTo: "redirect_to",
  challenge: "captcha_challenge",
  solution: "captcha_solution",
  nojs: "captcha_nojs",
  honeypot: "website",
} as const;

/** core/form: the form its `id` names, rendered on the server; it posts to /forms/{id}. */
export function FormView({ data, widget }: Props) {
  if (!data || !Array.isArray(data.fields) || !data.form) return null;
  return <FormWidget data={data} idPrefix={`w${widget.id}`} />;
}

/** The schema's messages in the page's language, for conform's check in the browser (decision 060). */
const errorMessages = (t: (key: string) => string) => Object.fromEntries(Object.values(ERR).map((k) => [k, t(k)]));

/** True when the form holds a signature pad (it needs the signature enhancer). */
export const hasSignature = (data: FormWidgetData | null) => !!data?.fields.some((f) => f.kind === "signature");

/** The form itself, for the widget and for routes that show one (/contact). */
export function FormWidget({ data, idPrefix }: { data: FormWidgetData; idPrefix: string }) {
  const { t } = useTranslation();
  const { form, fields, reply } = data;
  if (data.payment?.paid) {
    return (
      <div role="status" className="my-6 rounded-md border border-emerald-600 bg-emerald-50 p-4 text-emerald-950">
        <p>{t("forms.paymentSuccessful")}</p>
        {data.payment.tickets ? (
          <p className="mt-2">
            <a className="font-medium underline" href={`/tickets/${encodeURIComponent(data.payment.tickets)}`}>
              {t("forms.tickets")}
            </a>
          </p>
        ) : null}
      </div>
    );
  }
  if (form.must_be_logged_on && !data.signedIn) {
    return (
      <p className="my-6">
        <a className="text-brand underline" href={`/login?redirectTo=${encodeURIComponent(data.returnPath)}`}>
          {t("forms.signInToFill")}
        </a>
      </p>
    );
  }
  const formId = `${idPrefix}-form${form.id}`;
  const id = (name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const initial = (reply?.initialValue ?? {}) as Record<string, unknown>;
  const errors = (reply?.error ?? {}) as Record<string, string[] | null | undefined>;
  const valueOf = (f: FormField) => {
    const posted = initial[f.name];
    if (typeof posted === "string") return posted;
    return data.prefill[f.name] ?? f.value;
  };
  const formErrors = errors[""] ?? undefined;
  const requiredSignature = fields.some((f) => f.kind === "signature" && f.required);
  const hasSubmit = fields.some((f) => f.kind === "submit");
  const names = ["form", ...(hasSignature(data) ? (["signature"] as const) : [])] as const;

  return (
    <div className="my-6">
      {data.payment && !data.payment.paid ? (
        <p role="alert" className="mb-4 rounded-md border border-red-600 bg-red-50 p-3 text-red-900">
          {t("forms.paymentFailed")}
        </p>
      ) : null}
      {requiredSignature ? (
        <noscript>
          <p className="mb-4 rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-950">
            {t("forms.signatureNeedsJs")}
          </p>
        </noscript>
      ) : null}
      <form
        id={formId}
        method="post"
        action={`/forms/${form.id}`}
        data-enhance={enhance(...names)}
        aria-describedby={formErrors ? `${formId}-errors` : undefined}
        data-form-busy={t("forms.sending")}
        data-fields={JSON.stringify(answerFields(fields))}
        data-messages={JSON.stringify(errorMessages(t))}
      >
        <CsrfInput value={data.csrf} />
        <input type="hidden" name={META.idempotencyKey} value={data.idempotencyKey} />
        <input type="hidden" name={META.redirectTo} value={data.returnPath} />
        {data.captcha ? (
          <>
            <input type="hidden" name={META.challenge} value={data.captcha.challenge} />
            <input type="hidden" name={META.solution} value="" data-captcha-difficulty={data.captcha.difficulty} />
            <input type="hidden" name={META.nojs} value="1" />
            <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor={id(META.honeypot)}>{t("forms.honeypot")}</label>
              <input id={id(META.honeypot)} type="text" name={META.honeypot} tabIndex={-1} autoComplete="off" />
            </div>
          </>
        ) : null}
        <FormErrors id={`${formId}-errors`} errors={formErrors} />
        {fields.map((f, i) => (
          <Field
            key={`${f.kind}-${f.name}-${i}`}
            field={f}
            id={id(f.name || `x${i}`)}
            value={valueOf(f)}
            errors={errors[f.name] ?? undefined}
            today={data.today}
          />
        ))}
        {form.cost > 0 ? (
          <p className="mb-4 font-medium">
            {t(fields.some((f) => f.perPerson) ? "forms.costPerPerson" : "forms.cost", {
              amount: formatMoney(form.cost),
            })}
          </p>
        ) : null}
        {form.cost > 0 ? <SurchargeNote rule={data.surcharge ?? null} /> : null}
        {hasSubmit ? null : (
          <button type="submit" className={buttonClass}>
            {t("forms.submit")}
          </button>
        )}
      </form>
    </div>
  );
}
