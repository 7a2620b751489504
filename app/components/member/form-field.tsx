import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Messages from a form's schema are translation keys; messages from the CMS are shown as they are. */
const KEY = /^(signup|recover|profile|forms|shop)\.[A-Za-z.]+$/;

export function useErrorText() {
  const { t } = useTranslation();
  return (messages: string[] | undefined) => (messages ?? []).map((m) => (KEY.test(m) ? t(m) : m)).join(" ");
}

export const inputClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-red-600 dark:border-stone-500 dark:bg-stone-800 dark:text-stone-100";

export const buttonClass =
  "rounded-md bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40";

export const secondaryButtonClass =
  "rounded-md border border-stone-400 px-3 py-1.5 text-sm font-medium hover:bg-stone-100 dark:border-stone-500 dark:hover:bg-stone-800";

/** The error under a field, or above a form: announced, and tied to its input by id. */
export function ErrorText({ id, errors }: { id: string; errors: string[] | undefined }) {
  const say = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {say(errors)}
    </p>
  );
}

export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const say = useErrorText();
  if (!errors?.length) return null;
  return (
    <p
      id={id}
      role="alert"
      className="mb-4 rounded-md border border-red-600 bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      {say(errors)}
    </p>
  );
}

type InputType = "text" | "email" | "tel" | "date" | "url" | "number";

/** A labelled input from conform's field metadata: its value and error survive a failed post, with or without JS. */
export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  extra,
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  hint?: ReactNode;
  extra?: Record<string, string | number | boolean | undefined>;
}) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="block font-medium">
        {label}
      </label>
      <input key={key} {...props} {...extra} autoComplete={autoComplete} className={inputClass} />
      {hint ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{hint}</p> : null}
      <ErrorText id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A value the member may see but not change here. */
export function ReadOnlyField({ label, value }: { label: string; value: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <dt className="font-medium">{label}</dt>
      <dd className="mt-1 text-stone-700 dark:text-stone-300">
        {value || <span className="italic">{t("profile.notSet")}</span>}
      </dd>
    </div>
  );
}
