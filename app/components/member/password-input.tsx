import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

import { ErrorText, inputClass, secondaryButtonClass } from "./form-field";

const noSubscription = () => () => {};
const ALPHANUMERIC = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** The spec's suggestion: a random alphanumeric password (12 characters, above the 8 it names). */
export function suggestPassword(length = 12) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
}

/**
 * A new password. Without JavaScript it is a plain password input; once hydrated, a button shows
 * or hides what was typed and another fills in a suggested password (shown, so it can be noted).
 */
export function PasswordInput({
  field,
  label,
  hint,
  suggest = true,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  suggest?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const { key, ...props } = getInputProps(field, { type: "password" });
  const fill = () => {
    const input = ref.current;
    if (!input) return;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, suggestPassword());
    input.dispatchEvent(new Event("input", { bubbles: true }));
    setShown(true);
    input.focus();
  };
  return (
    <div className="mb-4">
      <label htmlFor={field.id} className="block font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          key={key}
          {...props}
          ref={ref}
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          className={inputClass}
        />
        {hydrated ? (
          <button
            type="button"
            className={`mt-1 shrink-0 ${secondaryButtonClass}`}
            aria-controls={field.id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t("profile.password.hide") : t("profile.password.show")}
          </button>
        ) : null}
      </div>
      {hydrated && suggest ? (
        <button type="button" className="mt-2 text-sm text-brand underline" onClick={fill}>
          {t("profile.password.suggest")}
        </button>
      ) : null}
      {hint ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{hint}</p> : null}
      <ErrorText id={field.errorId} errors={field.errors} />
    </div>
  );
}
