import { Form, Link } from "@remix-run/react";

import { CsrfInput } from "~/components/member/csrf-input";
import type { EditorData } from "~/routes/cms.pages.$id";

import type { ItemErrors } from "./editor-types";
import { buttonClass, GeneratedFields, inputClass, quietButtonClass } from "./field-form";
import { Outline } from "./outline-view";
import { PublishPanel } from "./publish-panel";
import { SettingsForm } from "./settings-form";
import { useBackOfficeText } from "./text";
import { UndoRedo } from "./undo";

/** The form of the selected item: its widget's fields, its wrapper (or page block) settings, or a block's grid. */
function SelectedForm({ editor, refused }: { editor: EditorData; refused?: ItemErrors }) {
  const t = useBackOfficeText();
  const item = editor.selected;
  if (!item) return <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{t("editor.selectHint")}</p>;
  const errors = refused?.path === item.path ? refused : undefined;
  if (item.grid) {
    return (
      <Form key={`${item.path}:${editor.version}`} method="post" className="mt-4" aria-labelledby="selected-heading">
        <h2 id="selected-heading" className="mb-2 font-semibold">
          {t("editor.gridTitle")}
        </h2>
        <CsrfInput value={editor.csrf} />
        <input type="hidden" name="intent" value="save-grid" />
        <input type="hidden" name="path" value={item.path} />
        <label className="block text-sm" htmlFor="grid-width">
          {t("editor.width")}
        </label>
        <input
          id="grid-width"
          name="width"
          type="number"
          min={1}
          max={12}
          defaultValue={item.grid.width}
          className={inputClass}
        />
        <label className="mt-2 block text-sm" htmlFor="grid-offset">
          {t("editor.offset")}
        </label>
        <input
          id="grid-offset"
          name="offset"
          type="number"
          min={0}
          max={11}
          defaultValue={item.grid.offset}
          className={inputClass}
        />
        <button type="submit" className={`${buttonClass} mt-3`}>
          {t("editor.save")}
        </button>
      </Form>
    );
  }
  return (
    // Keyed: another item, or the same one changed, is a new form (its inputs' defaults anew).
    <Form key={`${item.path}:${editor.version}`} method="post" className="mt-4" aria-labelledby="selected-heading">
      <h2 id="selected-heading" className="mb-2 font-semibold">
        {t("editor.fieldsTitle", { type: item.type })}
      </h2>
      <CsrfInput value={editor.csrf} />
      <input type="hidden" name="intent" value="save-item" />
      <input type="hidden" name="path" value={item.path} />
      <GeneratedFields fields={item.fields} prefix="f." errors={errors?.errors} input={errors?.input} />
      <details className="mt-2" open={Object.keys(errors?.errors ?? {}).some((k) => k.startsWith("w."))}>
        <summary className="cursor-pointer text-sm font-semibold">{t("editor.wrapperTitle")}</summary>
        <div className="mt-2">
          <GeneratedFields fields={item.own} prefix="w." errors={errors?.errors} input={errors?.input} />
        </div>
      </details>
      <button type="submit" className={`${buttonClass} mt-3`}>
        {t("editor.save")}
      </button>
    </Form>
  );
}

/** "Add widget": a type of the registry, added at the end of the chosen block (or in a new row). */
function AddWidget({ editor }: { editor: EditorData }) {
  const t = useBackOfficeText();
  const blocks = editor.rows.flatMap((row) => row.blocks.map((b) => b.path));
  const selectedBlock = editor.select?.split(".w")[0];
  // "r1.b0" reads "Row 2, block 1": people count from one.
  const blockLabel = (path: string) => {
    const [, row, block] = /^r(\d+)\.b(\d+)$/.exec(path) ?? [];
    return row === undefined ? path : t("editor.blockAt", { row: Number(row) + 1, block: Number(block) + 1 });
  };
  return (
    <Form
      key={`${selectedBlock ?? ""}:${editor.version}`}
      method="post"
      className="mt-4 flex flex-wrap items-end gap-2"
      aria-label={t("editor.addWidget")}
    >
      <CsrfInput value={editor.csrf} />
      <input type="hidden" name="intent" value="add-widget" />
      <label className="text-sm">
        {t("editor.widgetType")}
        <select name="type" className={inputClass}>
          {editor.widgetTypes.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        {t("editor.addTo")}
        <select
          name="block"
          className={inputClass}
          defaultValue={blocks.includes(selectedBlock ?? "") ? selectedBlock : ""}
        >
          <option value="">{t("editor.newRow")}</option>
          <option value="page-block">{t("editor.newPageBlock")}</option>
          {blocks.map((path) => (
            <option key={path} value={path}>
              {blockLabel(path)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={quietButtonClass}>
        {t("editor.addWidget")}
      </button>
    </Form>
  );
}

/** The editor's screen: the outline and the selected item's form beside the live preview. */
export function EditorPanels({
  editor,
  refused,
}: {
  editor: EditorData;
  refused?: { message: string; item?: ItemErrors };
}) {
  const t = useBackOfficeText();
  const { page } = editor;
  const preview = `/cms/pages/${page.id}/preview?draft=1&v=${editor.version}${editor.highlight ? `&select=${encodeURIComponent(editor.highlight)}` : ""}`;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{page.name}</h1>
        <a href={`/${page.url === "home" ? "" : page.url}`} className="text-sm underline">
          /{page.url === "home" ? "" : page.url}
        </a>
        {page.hasDraft ? (
          <span className="rounded bg-amber-200 px-2 text-xs text-stone-900">{t("pages.draft")}</span>
        ) : null}
        <UndoRedo csrf={editor.csrf} doc={editor.docJson} />
        <Link to={`/cms/pages/${page.id}/revisions`} className="text-sm underline">
          {t("editor.revisions")}
        </Link>
      </div>
      {refused ? (
        <p role="alert" className="mb-4 rounded border border-red-600 p-2 text-sm text-red-700 dark:text-red-400">
          {refused.message}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h2 className="mb-2 font-semibold">{t("editor.outline")}</h2>
          <Outline csrf={editor.csrf} rows={editor.rows} pageBlocks={editor.pageBlocks} selected={editor.select} />
          <AddWidget editor={editor} />
          {editor.canPaste ? (
            <Form method="post" className="mt-2">
              <CsrfInput value={editor.csrf} />
              <input type="hidden" name="intent" value="paste" />
              <button type="submit" className={quietButtonClass}>
                {t("editor.paste")}
              </button>
            </Form>
          ) : null}
          <SelectedForm editor={editor} refused={refused?.item} />
          <SettingsForm editor={editor} refused={refused?.item} />
        </div>
        <div>
          <PublishPanel editor={editor} />
          <iframe
            name="preview"
            title={t("editor.preview")}
            src={preview}
            className="mt-4 h-[36rem] w-full rounded border border-stone-300 bg-white dark:border-stone-700"
          />
        </div>
      </div>
    </div>
  );
}
