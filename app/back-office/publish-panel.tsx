import { Form } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";
import type { EditorData } from "~/routes/cms.pages.$id";

import { buttonClass, inputClass, quietButtonClass } from "./field-form";
import { useBackOfficeText } from "./text";

/**
 * Publish now, publish at a time (read on the site's clock), discard the draft, and "view the
 * site as of" a time: a GET form whose answer opens in the preview's frame (no JavaScript needed).
 */
export function PublishPanel({ editor }: { editor: EditorData }) {
  const t = useBackOfficeText();
  const { page } = editor;
  return (
    <div className="space-y-3 rounded border border-stone-300 p-3 dark:border-stone-700">
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <CsrfInput value={editor.csrf} />
          <input type="hidden" name="intent" value="publish" />
          <button type="submit" className={buttonClass}>
            {t("editor.publishNow")}
          </button>
        </Form>
        {page.hasDraft ? (
          <Form method="post">
            <CsrfInput value={editor.csrf} />
            <input type="hidden" name="intent" value="discard" />
            <button type="submit" className={quietButtonClass}>
              {t("editor.discard")}
            </button>
          </Form>
        ) : null}
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <CsrfInput value={editor.csrf} />
        <input type="hidden" name="intent" value="publish" />
        <label className="text-sm">
          {t("editor.publishAt")}
          <input type="datetime-local" name="publish_at" required className={inputClass} />
        </label>
        <button type="submit" className={quietButtonClass}>
          {t("editor.schedule")}
        </button>
      </Form>
      {page.scheduled.length ? (
        <div>
          <h3 className="text-sm font-semibold">{t("editor.scheduledTitle")}</h3>
          <ul className="text-sm">
            {page.scheduled.map((s) => (
              <li key={s.revision}>{t("editor.scheduledFor", { when: s.publish_at })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* A plain form: its answer belongs in the preview's frame, not in the editor's page. */}
      <form
        method="get"
        action={`/cms/pages/${page.id}/preview`}
        target="preview"
        className="flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="draft" value="1" />
        <label className="text-sm">
          {t("editor.viewAsOf")}
          <input type="datetime-local" name="as_of" required className={inputClass} />
        </label>
        <button type="submit" className={quietButtonClass}>
          {t("editor.show")}
        </button>
      </form>
    </div>
  );
}
