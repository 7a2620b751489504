import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

import type { Address } from "@contract/accounts";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, FormErrors, secondaryButtonClass, TextField } from "~/components/member/form-field";

import type { ProfileData } from "./route";
import { addressAddSchema } from "./schema";

type Reply = {
  initialValue?: { intent?: unknown; id?: unknown } | null;
  error?: Record<string, string[] | null> | null;
};

function lines(a: Address) {
  return [
    [a.first_name, a.last_name].filter(Boolean).join(" "),
    a.company,
    a.street_address,
    a.street_address_1,
    [a.city, a.state, a.postcode].filter(Boolean).join(" "),
    a.country,
  ].filter(Boolean);
}

/** The member's addresses; enabling, disabling and adding them when the `profile_edit_addresses` setting is on. */
export function AddressesSection({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const actionData = useActionData<Reply>();
  const intent = actionData?.initialValue?.intent;
  const toggled = intent === "address-enable" || intent === "address-disable" ? actionData : undefined;
  return (
    <section aria-labelledby="addresses-heading" className="mt-12">
      <h2 id="addresses-heading" className="text-2xl font-semibold">
        {t("profile.addresses.title")}
      </h2>
      {toggled ? <FormErrors id="address-toggle-error" errors={toggled.error?.[""] ?? undefined} /> : null}
      {profile.addresses.length ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {profile.addresses.map((address) => (
            <li
              key={address.id}
              className={`rounded-lg border p-4 ${address.enabled ? "border-stone-300 dark:border-stone-600" : "border-dashed border-stone-400 opacity-75"}`}
            >
              {address.display_name ? <p className="font-semibold">{address.display_name}</p> : null}
              <address className="not-italic">
                {lines(address).map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <p className="mt-2 text-sm">
                {address.enabled ? t("profile.addresses.active") : t("profile.addresses.inactive")}
              </p>
              {profile.manageAddresses ? (
                <Form method="post" className="mt-3">
                  <CsrfInput value={profile.csrf} />
                  <input type="hidden" name="id" value={address.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={address.enabled ? "address-disable" : "address-enable"}
                    className={secondaryButtonClass}
                    aria-label={t(
                      address.enabled ? "profile.addresses.disableLabel" : "profile.addresses.enableLabel",
                      {
                        address: lines(address).slice(1).join(", ") || address.display_name,
                      },
                    )}
                  >
                    {address.enabled ? t("profile.addresses.disable") : t("profile.addresses.enable")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{t("profile.addresses.none")}</p>
      )}
      {profile.manageAddresses ? (
        <AddAddressForm profile={profile} lastResult={intent === "address-add" ? actionData : undefined} />
      ) : null}
    </section>
  );
}

function AddAddressForm({ profile, lastResult }: { profile: ProfileData; lastResult: Reply | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.input<typeof addressAddSchema>>({
    id: "address-add",
    lastResult: lastResult as SubmissionResult<string[]> | undefined,
    shouldValidate: "onBlur",
    defaultValue: { country: "AU" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressAddSchema }),
  });
  return (
    <details className="mt-6" open={Boolean(lastResult)}>
      <summary className="cursor-pointer font-semibold text-brand">{t("profile.addresses.add")}</summary>
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <CsrfInput value={profile.csrf} />
        <input type="hidden" name="intent" value="address-add" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-6 sm:grid-cols-2">
          <TextField field={fields.display_name} label={t("profile.addresses.displayName")} />
          <TextField field={fields.company} label={t("profile.addresses.company")} autoComplete="organization" />
          <TextField field={fields.first_name} label={t("profile.addresses.firstName")} autoComplete="given-name" />
          <TextField field={fields.last_name} label={t("profile.addresses.lastName")} autoComplete="family-name" />
          <TextField field={fields.email} label={t("profile.addresses.email")} type="email" autoComplete="email" />
          <TextField field={fields.phone} label={t("profile.addresses.phone")} type="tel" autoComplete="tel" />
          <TextField field={fields.street_address} label={t("profile.addresses.street")} autoComplete="address-line1" />
          <TextField
            field={fields.street_address_1}
            label={t("profile.addresses.street2")}
            autoComplete="address-line2"
          />
          <TextField field={fields.city} label={t("profile.addresses.city")} autoComplete="address-level2" />
          <TextField field={fields.state} label={t("profile.addresses.state")} autoComplete="address-level1" />
          <TextField field={fields.postcode} label={t("profile.addresses.postcode")} autoComplete="postal-code" />
          <TextField
            field={fields.country}
            label={t("profile.addresses.country")}
            autoComplete="country"
            hint={t("profile.addresses.countryHint")}
          />
        </div>
        <button type="submit" className={buttonClass}>
          {t("profile.addresses.save")}
        </button>
      </Form>
    </details>
  );
}
