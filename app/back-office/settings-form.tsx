import { Form } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";
import type { EditorData } from "~/routes/cms.pages.$id";

import type { ItemErrors } from "./editor-types";
import { buttonClass, inputClass } from "./field-form";
import { useBackOfficeText } from "./text";

const FIELDS = [
  { name: "name", label: "pages.name" },
  { name: "url", label: "pages.slug" },
  { name: "title", label: "editor.settings.pageTitle" },
  { name: "meta_description", label: "editor.settings.metaDescription" },
  { name: "priority", label: "editor.settings.priority" },
] as const;

/**
 * The page's settings: name, address, title, meta description and sitemap priority. A changed
 * address leaves a redirect from the old one unless the admin unticks it.
 */
export function SettingsForm({ editor, refused }: { editor: EditorData; refused?: ItemErrors }) {
  const t = useBackOfficeText();
  const errors = refused?.path === "settings" ? refused : undefined;
  return (
    <details className="mt-6" open={Boolean(errors)}>
      <summary className="cursor-pointer font-semibold">{t("editor.settings.title")}</summary>
      <Form key={JSON.stringify(editor.settings)} method="post" className="mt-2">
        <CsrfInput value={editor.csrf} />
        <input type="hidden" name="intent" value="settings" />
        {FIELDS.map(({ name, label }) => {
          const id = `settings-${name}`;
          const error = errors?.errors[`s.${name}`];
          const typed = errors?.input[`s.${name}`];
          const value = typeof typed === "string" ? typed : editor.settings[name];
          const common = {
            id,
            name,
            defaultValue: value,
            className: inputClass,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
          };
          return (
            <div key={name} className="mb-3">
              <label htmlFor={id} className="block text-sm font-medium">
                {t(label)}
              </label>
              {name === "meta_description" ? (
                <textarea rows={2} {...common} />
              ) : (
                <input type={name === "priority" ? "number" : "text"} {...common} />
              )}
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <label className="flex items-center text-sm">
          <input type="checkbox" name="redirect_from_old" defaultChecked className="me-2" />
          {t("editor.settings.redirect")}
        </label>
        <button type="submit" className={`${buttonClass} mt-3`}>
          {t("editor.settings.save")}
        </button>
      </Form>
    </details>
  );
}
