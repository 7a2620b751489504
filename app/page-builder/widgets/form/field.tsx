import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { dateRange, type DateRule } from "@contract/bookings";
import type { FormField } from "@contract/form-fields";
import { dayInWords } from "@contract/formats";
import { buttonClass, ErrorText, inputClass, secondaryButtonClass } from "~/components/member/form-field";

import { selectValue } from "./definition";
import { sanitizeFormHtml } from "./sanitize";

/** One field of a core/form, as the server renders it; the enhancers add the rest. */

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

/** A field's name, with the asterisk when required; a signature's (no control to label) is a paragraph. */
function Label({ field, htmlFor }: { field: FormField; htmlFor?: string }) {
  const { t } = useTranslation();
  const text = (
    <>
      {field.label}
      {field.required ? (
        <span className="text-red-700" title={t("forms.required")}>
          {" "}
          *
        </span>
      ) : null}
    </>
  );
  return htmlFor ? (
    <label htmlFor={htmlFor} className="block font-medium">
      {text}
    </label>
  ) : (
    <p className="block font-medium">{text}</p>
  );
}

/** A field's block; `data-field` lets the form enhancer put conform's errors in it (decision 060). */
function Wrap({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="mb-4" data-field={name || undefined}>
      {children}
    </div>
  );
}

export function Field({
  field,
  id,
  value,
  errors,
  today,
}: {
  field: FormField;
  id: string;
  value: string;
  errors: string[] | undefined;
  /** Today on the site's clock, for the days a booking's date field offers. */
  today?: string;
}) {
  const { t, i18n } = useTranslation();
  const errorId = `${id}-error`;
  const hint = field.dates && today ? dateHint(field.dates, today, i18n.language, t) : null;
  const describedBy = [hint ? `${id}-hint` : "", errors?.length ? errorId : ""].filter(Boolean).join(" ");
  const invalid = {
    ...(errors?.length ? { "aria-invalid": true } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
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
        <Wrap name={field.name}>
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
        <Wrap name={field.name}>
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
        <Wrap name={field.name}>
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
        <Wrap name={field.name}>
          <Label field={field} />
          <div data-signature-field="">
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
              <div className="h-40" data-signature-canvas="" data-label={field.label} />
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
        <Wrap name={field.name}>
          <Label field={field} htmlFor={id} />
          <div className={field.kind === "password" ? "flex gap-2" : undefined}>
            <input
              {...common}
              type={type}
              defaultValue={value}
              placeholder={isDate ? "dd/mm/yyyy" : field.placeholder || undefined}
              min={numeric && field.min !== null ? field.min : undefined}
              max={numeric && field.max !== null ? field.max : undefined}
              step={numeric ? (field.whole ? 1 : "any") : undefined}
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
          {hint ? (
            <p id={`${id}-hint`} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
              {hint}
            </p>
          ) : null}
          <ErrorText id={errorId} errors={errors} />
        </Wrap>
      );
    }
  }
}

/** "Available: Saturday, 6 December 2026 to 28 May 2027.": the days a booking's date field offers. */
function dateHint(rule: DateRule, today: string, lng: string, t: TFunction) {
  const { min, max } = dateRange(rule, today);
  const weekday = new Intl.DateTimeFormat(lng, { weekday: "long", timeZone: "UTC" });
  // 2026-11-29 was a Sunday: day n of the week is that day plus n.
  const days = (rule.weekdays ?? [0, 1, 2, 3, 4, 5, 6])
    .map((d) => weekday.format(Date.UTC(2026, 10, 29 + d, 12)))
    .join(", ");
  const locale = lng === "en" ? "en-AU" : lng;
  return max
    ? t("forms.dateHint", { days, from: dayInWords(min, locale), to: dayInWords(max, locale) })
    : t("forms.dateHintOpen", { days, from: dayInWords(min, locale) });
}
