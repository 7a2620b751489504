import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";

import { useBackOfficeText } from "./text";
import { FieldError, FormAlert, inputClass, smallButtonClass } from "./ui";

export interface PhotoView {
  id: number | null;
  url: string;
  hash: string;
}

/**
 * A record's photos (their 4x3 screen variants) and an "Add photo" form (multipart): the action
 * uploads the file to the CMS and adds it; a refused file's message shows beside the field.
 * A gallery's photos move up and down.
 */
export function PhotoSection({
  model,
  photos,
  csrf,
  lastResult,
}: {
  model: string;
  photos: readonly PhotoView[];
  csrf: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useBackOfficeText();
  const [form, fields] = useForm({ id: "record-photo", lastResult });
  return (
    <section aria-labelledby="photos-heading" className="mb-8">
      <h2 id="photos-heading" className="mb-2 text-lg font-semibold">
        {t("records.photos")}
      </h2>
      {photos.length ? (
        <ol className="mb-4 flex flex-wrap gap-3" data-testid="record-photos">
          {photos.map((p, i) => (
            <li key={p.id ?? p.hash} className="w-40">
              <img
                src={p.url}
                alt={t("records.photoAlt", { number: i + 1 })}
                width={160}
                height={120}
                className="h-30 w-40 rounded object-cover"
              />
              {model === "gallery" && p.id !== null ? (
                <div className="mt-1 flex gap-1">
                  {(["up", "down"] as const).map((direction) => (
                    <Form method="post" key={direction}>
                      <CsrfInput value={csrf} />
                      <input type="hidden" name="intent" value="photo-move" />
                      <input type="hidden" name="photo_id" value={p.id!} />
                      <input type="hidden" name="direction" value={direction} />
                      <button
                        type="submit"
                        className={smallButtonClass}
                        disabled={direction === "up" ? i === 0 : i === photos.length - 1}
                      >
                        {t(direction === "up" ? "records.moveUp" : "records.moveDown")}
                      </button>
                    </Form>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mb-4 text-sm">{t("records.noPhotos")}</p>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-md">
        <CsrfInput value={csrf} />
        <input type="hidden" name="intent" value="photo" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.photo.id} className="block font-medium">
          {t("records.addPhoto")}
        </label>
        <input
          {...getInputProps(fields.photo, { type: "file" })}
          key={fields.photo.key}
          accept="image/jpeg,image/png,image/webp,image/gif"
          className={`text-sm ${inputClass}`}
        />
        <FieldError id={fields.photo.errorId} errors={fields.photo.errors} />
        <button type="submit" className={`mt-2 ${smallButtonClass}`}>
          {t("records.upload")}
        </button>
      </Form>
    </section>
  );
}
