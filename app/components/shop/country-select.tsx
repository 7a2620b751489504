import { useTranslation } from "react-i18next";

import { inputClass } from "~/components/member/form-field";
import { COUNTRIES, DEFAULT_COUNTRY } from "~/lib/shop/cart-schemas";

/** The country a shipping address is in: the CMS's names as values, labelled in the visitor's language. */
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
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.name}>
          {names?.of(c.code) ?? c.name}
        </option>
      ))}
    </select>
  );
}
