import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

import { CsrfInput } from "~/components/member/csrf-input";
import {
  buttonClass,
  ErrorText,
  FormErrors,
  inputClass,
  ReadOnlyField,
  TextField,
} from "~/components/member/form-field";
import { PasswordInput } from "~/components/member/password-input";

import type { ProfileData } from "./route";
import { detailsSchema, LICENCE_STATES, type ProfileField } from "./schema";

type Data = ProfileData;

/** The member's details: the fields the flags allow are inputs, the others are shown as they are. */
export function DetailsSection({ profile }: { profile: Data }) {
  const { t } = useTranslation();
  const actionData = useActionData<{ initialValue?: { intent?: unknown } | null }>();
  const lastResult = actionData?.initialValue?.intent === "details" ? actionData : undefined;
  const editable = new Set<ProfileField>(profile.editable);
  const { user, shown } = profile;
  const { email: _email, ...values } = user;
  const [form, fields] = useForm<z.input<typeof detailsSchema>>({
    id: "profile-details",
    lastResult: lastResult as SubmissionResult<string[]> | undefined,
    shouldValidate: "onBlur",
    defaultValue: { ...values, intent: "details" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: detailsSchema }),
  });

  type Key = Exclude<ProfileField, "newpassword" | "email" | "drivers_licence_state_of_issue_id">;
  const field = (
    name: Key,
    label: string,
    opts: { type?: "text" | "tel" | "date" | "url"; autoComplete?: string; show?: ReactNode } = {},
  ) =>
    editable.has(name) ? (
      <TextField key={name} field={fields[name]} label={label} type={opts.type} autoComplete={opts.autoComplete} />
    ) : (
      <dl key={name}>
        <ReadOnlyField label={label} value={opts.show ?? user[name]} />
      </dl>
    );

  const state = fields.drivers_licence_state_of_issue_id;
  return (
    <section aria-labelledby="details-heading" className="mt-10">
      <h2 id="details-heading" className="text-2xl font-semibold">
        {t("profile.details.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t("profile.details.intro")}</p>
      <Form method="post" className="mt-6" {...getFormProps(form)}>
        <CsrfInput value={profile.csrf} />
        <input type="hidden" name="intent" value="details" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-6 sm:grid-cols-2">
          {field("first_name", t("profile.details.firstName"), { autoComplete: "given-name" })}
          {field("last_name", t("profile.details.lastName"), { autoComplete: "family-name" })}
          <dl>
            <ReadOnlyField label={t("profile.details.email")} value={user.email} />
          </dl>
          {field("mobile_phone", t("profile.details.mobilePhone"), { type: "tel", autoComplete: "tel" })}
          {field("date_of_birth", t("profile.details.dateOfBirth"), {
            type: "date",
            autoComplete: "bday",
            show: shown.date_of_birth,
          })}
          {field("club_additional_member", profile.clubLabel)}
        </div>
        <fieldset className="mt-4 grid gap-x-6 sm:grid-cols-2">
          <legend className="mb-3 text-lg font-semibold">{t("profile.details.business")}</legend>
          {field("company_name", t("profile.details.companyName"), { autoComplete: "organization" })}
          {field("company_phone", t("profile.details.companyPhone"), { type: "tel" })}
          {field("trading_name", t("profile.details.tradingName"))}
          {field("abn", t("profile.details.abn"))}
          {field("website", t("profile.details.website"), { type: "url" })}
          {field("facebook_link", t("profile.details.facebook"), { type: "url" })}
        </fieldset>
        <fieldset className="mt-4 grid gap-x-6 sm:grid-cols-2">
          <legend className="mb-3 text-lg font-semibold">{t("profile.details.licence")}</legend>
          {field("drivers_licence_number", t("profile.details.licenceNumber"))}
          {field("drivers_licence_expiry", t("profile.details.licenceExpiry"), {
            type: "date",
            show: shown.drivers_licence_expiry,
          })}
          {editable.has("drivers_licence_state_of_issue_id") ? (
            <div className="mb-4">
              <label htmlFor={state.id} className="block font-medium">
                {t("profile.details.licenceState")}
              </label>
              <select {...getSelectProps(state)} key={state.key} className={inputClass}>
                <option value="">{t("profile.details.choose")}</option>
                {LICENCE_STATES.map((code, i) => (
                  <option key={code} value={i + 1}>
                    {code}
                  </option>
                ))}
              </select>
              <ErrorText id={state.errorId} errors={state.errors} />
            </div>
          ) : (
            <dl>
              <ReadOnlyField label={t("profile.details.licenceState")} value={shown.drivers_licence_state} />
            </dl>
          )}
        </fieldset>
        <fieldset className="mt-4 grid gap-x-6 sm:grid-cols-2">
          <legend className="mb-3 text-lg font-semibold">{t("profile.details.emergency")}</legend>
          {field("emergency_contact_name", t("profile.details.emergencyName"))}
          {field("emergency_contact_phone", t("profile.details.emergencyPhone"), { type: "tel" })}
        </fieldset>
        <fieldset className="mt-4">
          <legend className="mb-3 text-lg font-semibold">{t("profile.details.password")}</legend>
          <PasswordInput
            field={fields.newpassword}
            label={t("profile.details.newPassword")}
            hint={t("profile.details.passwordHint")}
          />
        </fieldset>
        <button type="submit" className={`mt-2 ${buttonClass}`}>
          {t("profile.details.save")}
        </button>
      </Form>
    </section>
  );
}
