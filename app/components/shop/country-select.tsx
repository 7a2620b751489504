import { useTranslation } from "react-i18next";

import { inputClass } from "~/components/member/form-field";
import { COUNTRIES, DEFAULT_COUNTRY } from "~/lib/shop/cart-schemas";

/** The country of a shipping address: two-letter codes as values, labelled in the visitor's language. */
export function CountrySelect({ id, value }: { id: string; value?: string }) {
  const { i18n } = useTranslation();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([i18n.language], { type: "region" });
  } catch {
    names = null;
  }
  return (
    <select id={id} name="country" defaultValue={value || DEFAULT_COUNTRY} className={inputClass}>
      {COUNTRIES.map((code) => (
        <option key={code} value={code}>
          {names?.of(code) ?? code}
        </option>
      ))}
    </select>
  );
}
