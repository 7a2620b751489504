import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

import { CsrfInput } from "~/components/member/csrf-input";
import { ErrorText, FormErrors, inputClass, secondaryButtonClass } from "~/components/member/form-field";

import type { ProfileData } from "./route";
import { imageSchema } from "./schema";

/** The member's picture and a form to replace it (multipart; at most 5 MB, checked by the action). */
export function ImageSection({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const actionData = useActionData<{ initialValue?: { intent?: unknown } | null }>();
  const lastResult = actionData?.initialValue?.intent === "image" ? actionData : undefined;
  const [form, fields] = useForm<z.input<typeof imageSchema>>({
    id: "profile-image",
    lastResult: lastResult as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imageSchema }),
  });
  const name = `${profile.user.first_name} ${profile.user.last_name}`.trim();
  return (
    <section aria-labelledby="image-heading" className="flex flex-col items-start gap-3">
      <h2 id="image-heading" className="sr-only">
        {t("profile.image.title")}
      </h2>
      {profile.image ? (
        <img
          src={profile.image}
          alt={t("profile.image.alt", { name })}
          width={128}
          height={128}
          className="h-32 w-32 rounded-full object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-32 w-32 items-center justify-center rounded-full bg-stone-200 text-4xl font-semibold text-stone-600 dark:bg-stone-700 dark:text-stone-300"
        >
          {(profile.user.first_name[0] ?? profile.user.email[0] ?? "?").toUpperCase()}
        </div>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-xs">
        <CsrfInput value={profile.csrf} />
        <input type="hidden" name="intent" value="image" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.image.id} className="block text-sm font-medium">
          {t("profile.image.choose")}
        </label>
        <input
          {...getInputProps(fields.image, { type: "file" })}
          key={fields.image.key}
          accept="image/*"
          className={`text-sm ${inputClass}`}
        />
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t("profile.image.hint")}</p>
        <ErrorText id={fields.image.errorId} errors={fields.image.errors} />
        <button type="submit" className={`mt-2 ${secondaryButtonClass}`}>
          {t("profile.image.upload")}
        </button>
      </Form>
    </section>
  );
}
