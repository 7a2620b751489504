import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useSearchParams } from "@remix-run/react";

import type { MediaImage } from "@contract/admin";
import { CsrfInput } from "~/components/member/csrf-input";

import { useBackOfficeText } from "./text";
import { FieldError, FormAlert, Heading, inputClass, Pager, smallButtonClass } from "./ui";

/**
 * The media library: the stored images (their 4x3 screen variants) with hash and size, a page at
 * a time, and an upload form (multipart) whose refused file's message shows beside the field.
 */
export function MediaLibrary({
  images,
  csrf,
  lastResult,
}: {
  images: { data: readonly MediaImage[]; page: number; num_pages: number; num_items: number };
  csrf: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useBackOfficeText();
  const [search] = useSearchParams();
  const [form, fields] = useForm({ id: "media-upload", lastResult });
  return (
    <>
      <Heading>{t("media.title")}</Heading>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mb-6 max-w-md">
        <CsrfInput value={csrf} />
        <FormAlert id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.file.id} className="block font-medium">
          {t("media.file")}
        </label>
        <input
          {...getInputProps(fields.file, { type: "file" })}
          key={fields.file.key}
          accept="image/jpeg,image/png,image/webp,image/gif"
          className={`text-sm ${inputClass}`}
        />
        <FieldError id={fields.file.errorId} errors={fields.file.errors} />
        <button type="submit" className={`mt-2 ${smallButtonClass}`}>
          {t("media.upload")}
        </button>
      </Form>
      <p className="mb-2 text-sm">{t("media.count", { number: images.num_items })}</p>
      {images.data.length ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="media-grid">
          {images.data.map((image) => (
            <li key={image.hash} data-hash={image.hash} className="text-xs">
              <img
                src={image.url}
                alt={image.name || t("media.untitled")}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full rounded object-cover"
              />
              {image.name ? <p className="mt-1 truncate font-medium">{image.name}</p> : null}
              <p className="truncate font-mono">{image.hash}</p>
              <p>{t("media.size", { width: image.width, height: image.height })}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{t("media.empty")}</p>
      )}
      <Pager page={images.page} pages={images.num_pages} search={search} />
    </>
  );
}
