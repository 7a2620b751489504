import { useTranslation } from "react-i18next";

import type { Address } from "@contract/accounts";
import { ErrorText, inputClass } from "~/components/member/form-field";
import { CountrySelect } from "~/components/shop/country-select";

/** One labelled input of the checkout, its value and error kept through a re-render. */
function Field({
  name,
  label,
  values,
  errors,
  type = "text",
  autoComplete,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
}) {
  const id = `checkout-${name}`;
  const own = errors[name];
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={values[name] ?? ""}
        aria-invalid={own ? true : undefined}
        aria-describedby={own ? `${id}-error` : undefined}
        className={inputClass}
      />
      <ErrorText id={`${id}-error`} errors={own} />
    </div>
  );
}

/**
 * The delivery address: the member's saved ones, each labelled by its display name, or a new one
 * with its fields (they are sent only when "A new address" is chosen).
 */
export function AddressFields({
  addresses,
  values,
  errors,
}: {
  addresses: Address[];
  values: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  const chosen = values.address ?? (addresses[0] ? String(addresses[0].id) : "new");
  return (
    <fieldset className="grid gap-2">
      <legend className="text-xl font-semibold">{t("shop.deliveryAddress")}</legend>
      {addresses.map((a) => (
        <label key={a.id} className="flex min-h-11 items-center gap-2">
          <input type="radio" name="address" value={a.id} defaultChecked={chosen === String(a.id)} />
          {a.display_name || [a.first_name, a.last_name, a.street_address, a.city].filter(Boolean).join(", ")}
        </label>
      ))}
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" name="address" value="new" defaultChecked={chosen === "new"} />
        {t("shop.newAddress")}
      </label>
      <ErrorText id="checkout-address-error" errors={errors.address} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="first_name"
          label={t("shop.firstName")}
          autoComplete="given-name"
          values={values}
          errors={errors}
        />
        <Field name="last_name" label={t("shop.lastName")} autoComplete="family-name" values={values} errors={errors} />
        <Field name="email" type="email" label={t("shop.email")} autoComplete="email" values={values} errors={errors} />
        <Field name="phone" type="tel" label={t("shop.phone")} autoComplete="tel" values={values} errors={errors} />
        <Field
          name="street_address"
          label={t("shop.street")}
          autoComplete="address-line1"
          values={values}
          errors={errors}
        />
        <Field name="suburb" label={t("shop.suburb")} autoComplete="address-level2" values={values} errors={errors} />
        <Field name="postcode" label={t("shop.postcode")} autoComplete="postal-code" values={values} errors={errors} />
        <Field name="state" label={t("shop.state")} autoComplete="address-level1" values={values} errors={errors} />
        <div>
          <label htmlFor="checkout-country" className="block font-medium">
            {t("shop.country")}
          </label>
          <CountrySelect id="checkout-country" value={values.country} />
          <ErrorText id="checkout-country-error" errors={errors.country} />
        </div>
      </div>
    </fieldset>
  );
}
