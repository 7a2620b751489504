import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, ErrorText, FormErrors, inputClass, secondaryButtonClass } from "~/components/member/form-field";
import { enhance } from "~/enhancers/names";

import type { WidgetViewProps } from "../../define-widget";
import type { FormField } from "./definition";
import { selectValue } from "./definition";
import type { FormFields } from "./fields.server";
import type { FormWidgetData } from "./load.server";
import { sanitizeFormHtml } from "./sanitize";

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

const inputType: Partial<Record<FormField["kind"], string>> = {
  text: "text",
  email: "email",
  phone: "tel",
  number: "number",
  currency: "text",
  percent: "text",
  password: "password",
  datetime: "datetime-local",
  time: "time",
  date: "text",
};

const autoComplete: Record<string, string> = { email: "email", phone: "tel", name: "name" };

/** True when the form holds a signature pad (it needs the signature enhancer). */
export const hasSignature = (data: FormWidgetData | null) => !!data?.fields.some((f) => f.kind === "signature");

/** The form itself, for the widget and for routes that show one (/contact). */
export function FormWidget({ data, idPrefix }: { data: FormWidgetData; idPrefix: string }) {
  const { t } = useTranslation();
  const { form, fields, reply } = data;
  if (data.payment?.paid) {
    return (
      <p role="status" className="my-6 rounded-md border border-emerald-600 bg-emerald-50 p-4 text-emerald-950">
        {t("forms.paymentSuccessful")}
      </p>
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
          />
        ))}
        {form.cost > 0 ? <p className="mb-4 font-medium">{t("forms.cost", { amount: form.cost.toFixed(2) })}</p> : null}
        {hasSubmit ? null : (
          <button type="submit" className={buttonClass}>
            {t("forms.submit")}
          </button>
        )}
      </form>
    </div>
  );
}

function Label({ field, htmlFor }: { field: FormField; htmlFor: string }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={htmlFor} className="block font-medium">
      {field.label}
      {field.required ? (
        <span className="text-red-700" title={t("forms.required")}>
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

function Wrap({ children }: { children: ReactNode }) {
  return <div className="mb-4">{children}</div>;
}

function Field({
  field,
  id,
  value,
  errors,
}: {
  field: FormField;
  id: string;
  value: string;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const invalid = errors?.length ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  const common = { id, name: field.name, required: field.required, ...invalid };
  switch (field.kind) {
    case "content": {
      const html = sanitizeFormHtml(field.content);
      return field.heading ? (
        <h3 className="mb-3 text-xl font-semibold" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div dir="auto" className="prose-cms mb-4" dangerouslySetInnerHTML={{ __html: html }} />
      );
    }
    case "submit":
      return (
        <button type="submit" className={buttonClass}>
          {field.label || t("forms.submit")}
        </button>
      );
    case "textarea":
      return (
        <Wrap>
          <Label field={field} htmlFor={id} />
          <textarea
            {...common}
            rows={5}
            defaultValue={value}
            placeholder={field.placeholder || undefined}
            className={inputClass}
          />
          <ErrorText id={errorId} errors={errors} />
        </Wrap>
      );
    case "select":
      return (
        <Wrap>
          <Label field={field} htmlFor={id} />
          <select {...common} defaultValue={selectValue(field, value)} className={inputClass}>
            <option value="">{field.placeholder || t("forms.selectPrompt")}</option>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <ErrorText id={errorId} errors={errors} />
        </Wrap>
      );
    case "checkbox":
      return (
        <Wrap>
          <label htmlFor={id} className="flex items-center gap-2 font-medium">
            <input {...common} type="checkbox" value="1" defaultChecked={value === "1"} />
            <span>
              {field.label}
              {field.required ? <span className="text-red-700"> *</span> : null}
            </span>
          </label>
          <ErrorText id={errorId} errors={errors} />
        </Wrap>
      );
    case "signature":
      return (
        <Wrap>
          <Label field={field} htmlFor={id} />
          <div data-signature-field="" data-error-type={t("forms.signatureType")}>
            <input
              type="hidden"
              id={id}
              name={field.name}
              value=""
              data-signature-value=""
              data-required={field.required ? "" : undefined}
            />
            <p className="mt-1 text-sm text-stone-700" data-signature-nojs="">
              {t("forms.signatureNeedsJs")}
            </p>
            <div hidden data-signature-pad="" className="mt-1">
              <canvas
                className="block h-40 w-full touch-none rounded-md border border-stone-400 bg-transparent"
                aria-label={field.label}
              />
              <div className="mt-2 flex gap-2">
                <button type="button" className={secondaryButtonClass} data-signature-action="clear">
                  {t("forms.signatureClear")}
                </button>
                <button type="button" className={secondaryButtonClass} data-signature-action="undo">
                  {t("forms.signatureUndo")}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  data-signature-action="lock"
                  aria-pressed="false"
                >
                  {t("forms.signatureLock")}
                </button>
              </div>
            </div>
          </div>
          <ErrorText id={errorId} errors={errors} />
        </Wrap>
      );
    default: {
      const type = inputType[field.kind] ?? "text";
      const isDate = field.kind === "date";
      const numeric = field.kind === "number";
      return (
        <Wrap>
          <Label field={field} htmlFor={id} />
          <div className={field.kind === "password" ? "flex gap-2" : undefined}>
            <input
              {...common}
              type={type}
              defaultValue={value}
              placeholder={isDate ? "dd/mm/yyyy" : field.placeholder || undefined}
              min={numeric && field.min !== null ? field.min : undefined}
              max={numeric && field.max !== null ? field.max : undefined}
              step={numeric ? "any" : undefined}
              inputMode={isDate || field.kind === "currency" || field.kind === "percent" ? "decimal" : undefined}
              data-date-mask={isDate ? "" : undefined}
              data-password={field.kind === "password" ? "" : undefined}
              data-password-show={field.kind === "password" ? t("forms.passwordShow") : undefined}
              data-password-hide={field.kind === "password" ? t("forms.passwordHide") : undefined}
              data-password-suggest={field.kind === "password" ? t("forms.passwordSuggest") : undefined}
              autoComplete={field.kind === "password" ? "new-password" : autoComplete[field.kind]}
              className={inputClass}
            />
          </div>
          <ErrorText id={errorId} errors={errors} />
        </Wrap>
      );
    }
  }
}
