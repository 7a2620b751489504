import { randomUUID } from "node:crypto";

import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";

import { type Doc, docSchema } from "@contract/admin-pages";
import { zonedInstant } from "@contract/site-clock";
import { isUpstreamError } from "~/lib/api/errors";
import { translator } from "~/lib/browser-i18n";
import { readProtectedForm } from "~/lib/csrf.server";
import { redirectWithToast } from "~/lib/forms.server";
import { getWidget } from "~/page-builder/registry";
import { cacheControl } from "~/shared/cache-control";

import { requireBackOffice } from "./access.server";
import { copyBlock, pastedDoc } from "./copy-paste.server";
import type { ItemErrors } from "./editor-types";
import { backOfficeMessages } from "./messages.server";
import {
  addPageBlock,
  addWidget,
  moveItem,
  moveItemTo,
  newWidget,
  pageBlockAt,
  parsePath,
  removeItem,
  setBlockGrid,
  setPageBlock,
  setWidget,
  widgetAt,
} from "./outline";
import { savePageSettings } from "./page-settings.server";
import { pagesApi, workingDoc } from "./pages-api.server";
import { describeFields, readFields } from "./schema-form.server";
import { siteZone } from "./when.server";
import { PAGE_BLOCK_FIELDS, WRAPPER_FIELDS } from "./wrapper-fields.server";

const path = z.string().regex(/^(?:r\d{1,4}(?:\.b\d{1,4}(?:\.w\d{1,4})?)?|p\d{1,4})$/);
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/** Every form of the editor posts one of these; the widget's own fields ride along as `f.*`. */
export const editorIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), path, dir: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("remove"), path }),
  z.object({ intent: z.literal("place"), path, to: z.coerce.number().int().min(0).max(9999) }),
  z.object({
    intent: z.literal("add-widget"),
    // Empty: a new row at the end of the page; "page-block": a new page block of that template.
    block: z.union([path, z.literal(""), z.literal("page-block")]).optional(),
    type: z.string().min(1).max(100),
  }),
  z.object({ intent: z.literal("save-item"), path }),
  z.object({
    intent: z.literal("save-grid"),
    path,
    width: z.coerce.number().int().min(1).max(12),
    offset: z.coerce.number().int().min(0).max(11),
  }),
  z.object({ intent: z.literal("publish"), publish_at: localDateTime.optional() }),
  z.object({ intent: z.literal("discard") }),
  z.object({ intent: z.literal("settings") }),
  z.object({ intent: z.literal("copy"), path }),
  z.object({ intent: z.literal("paste") }),
  z.object({ intent: z.literal("replace"), doc: z.string().max(2_000_000) }),
  z.object({ intent: z.literal("restore"), revision: z.coerce.number().int().positive() }),
]);
export type EditorIntent = z.infer<typeof editorIntent>;

const refusal = (body: { message: string; item?: ItemErrors }, status = 400) =>
  data(body, { status, headers: { "Cache-Control": cacheControl.private } });

/**
 * The editor's action (docs/back-office.md, "Pages"): every intent changes the working document
 * (the draft, or the published page when there is none) with a pure operation of `outline.ts` and
 * saves it as the draft; publishing, discarding and restoring are the API's own calls. Success is a
 * 303 back to the editor with the item still selected.
 */
export async function editorAction(request: Request, context: AppLoadContext, id: number) {
  const { visitor } = await requireBackOffice(request, context);
  const form = await readProtectedForm(request, visitor.session);
  const lng = visitor.preferences.locale;
  const t = translator(lng, backOfficeMessages(lng));
  const parsed = editorIntent.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refusal({ message: t("editor.errors.badRequest") });
  const intent = parsed.data;
  const api = pagesApi(visitor.transport);
  const here = (select?: string) => `/cms/pages/${id}${select ? `?select=${select}` : ""}`;
  const done = (message: string, select?: string) =>
    redirectWithToast(visitor, here(select), { kind: "success", message });

  try {
    if (intent.intent === "publish") {
      const at = intent.publish_at ? zonedInstant(intent.publish_at, await siteZone(visitor.transport)) : undefined;
      if (typeof at === "string" && Date.parse(at) <= Date.now()) {
        return refusal({ message: t("editor.errors.pastTime") });
      }
      await api.publish(id, typeof at === "string" ? at : undefined);
      return done(t(at ? "editor.scheduled" : "editor.published"));
    }
    if (intent.intent === "discard") {
      await api.discardDraft(id);
      return done(t("editor.discarded"));
    }
    if (intent.intent === "settings") {
      const saved = await savePageSettings(api, id, form, t);
      if (!saved.ok) return refusal({ message: t("editor.errors.fields"), item: saved.item });
      return done(t("editor.settings.saved"));
    }
    if (intent.intent === "restore") {
      await api.restore(id, intent.revision);
      return done(t("editor.restored"));
    }

    const [page, zone] = await Promise.all([api.get(id), siteZone(visitor.transport)]);
    if (intent.intent === "replace") {
      // Undo and redo: a document the draft was before, posted back whole and checked again.
      const doc = docSchema.safeParse(parseJson(intent.doc));
      if (!doc.success) return refusal({ message: t("editor.errors.badRequest") });
      await api.saveDraft(id, doc.data);
      return done(t("editor.saved"));
    }
    if (intent.intent === "copy") {
      if (!copyBlock(visitor, id, workingDoc(page), intent.path))
        return refusal({ message: t("editor.errors.cannot") }, 409);
      return done(t("editor.copied"), intent.path);
    }
    if (intent.intent === "paste") {
      const pasted = await pastedDoc(visitor, api, id, workingDoc(page));
      if (!pasted) return refusal({ message: t("editor.errors.nothingToPaste") }, 409);
      await api.saveDraft(id, pasted.doc);
      return done(t("editor.pasted"), pasted.select);
    }
    const changed = change(workingDoc(page), intent, form, t, zone);
    if ("item" in changed) return refusal({ message: t("editor.errors.fields"), item: changed.item });
    if (!changed.doc) return refusal({ message: t("editor.errors.cannot") }, 409);
    await api.saveDraft(id, changed.doc);
    return done(t("editor.saved"), changed.select);
  } catch (error) {
    if (isUpstreamError(error) && !error.unavailable) {
      return refusal({ message: error.message || t("editor.errors.cannot") }, error.status === 404 ? 404 : 400);
    }
    throw error;
  }
}

type T = ReturnType<typeof translator>;

/** The document after an editing intent, with the item to select next; or the form's errors. */
function change(
  doc: Doc,
  intent: EditorIntent,
  form: FormData,
  t: T,
  zone: string,
): { doc: Doc | null; select?: string } | { item: ItemErrors } {
  const messages = {
    number: t("editor.errors.number"),
    option: t("editor.errors.option"),
    json: t("editor.errors.json"),
    date: t("editor.errors.date"),
  };
  switch (intent.intent) {
    case "move": {
      const at = parsePath(intent.path);
      return { doc: at && moveItem(doc, at, intent.dir === "up" ? -1 : 1) };
    }
    case "place": {
      const at = parsePath(intent.path);
      return { doc: at && moveItemTo(doc, at, intent.to) };
    }
    case "remove": {
      const at = parsePath(intent.path);
      return { doc: at && removeItem(doc, at) };
    }
    case "add-widget": {
      if (!getWidget(intent.type)) return { doc: null };
      if (intent.block === "page-block") {
        const added = addPageBlock(doc, intent.type, randomUUID(), intent.type);
        return { doc: added, select: `p${added.pageContents.length - 1}` };
      }
      const added = addWidget(doc, parsePath(intent.block), newWidget(randomUUID(), intent.type), randomUUID());
      // The new widget is selected, so its form is the next thing the admin sees.
      const block = added.rows.length > doc.rows.length ? `r${added.rows.length - 1}.b0` : intent.block!;
      const at = parsePath(block);
      const count = at?.kind === "block" ? (added.rows[at.row]?.blocks[at.block]?.widgets.length ?? 1) : 1;
      return { doc: added, select: `${block}.w${count - 1}` };
    }
    case "save-grid": {
      const at = parsePath(intent.path);
      return { doc: at && setBlockGrid(doc, at, intent.width, intent.offset), select: intent.path };
    }
    case "save-item": {
      const at = parsePath(intent.path);
      const widget = widgetAt(doc, at);
      const pageBlock = pageBlockAt(doc, at);
      if (!at || (!widget && !pageBlock)) return { doc: null };
      const type = widget?.type ?? pageBlock?.template ?? "";
      const definition = getWidget(type) as { fields?: z.ZodTypeAny } | undefined;
      const fields = readFields(describeFields(definition?.fields), form, messages, "f.", zone);
      const own = readFields(widget ? WRAPPER_FIELDS : PAGE_BLOCK_FIELDS, form, messages, "w.", zone);
      if (!fields.ok || !own.ok) {
        const errors = {
          ...(fields.ok ? {} : prefixed("f.", fields.errors)),
          ...(own.ok ? {} : prefixed("w.", own.errors)),
        };
        const input = { ...prefixed("f.", fields.input), ...prefixed("w.", own.input) };
        return { item: { path: intent.path, errors, input } };
      }
      if (widget) {
        return {
          doc: setWidget(doc, at, {
            fields: { ...widget.fields, ...fields.values },
            wrapper: { ...widget.wrapper, ...own.values },
          }),
          select: intent.path,
        };
      }
      const { hidden, start_time, end_time, ...frame } = own.values;
      return {
        doc: setPageBlock(doc, at, {
          ...frame,
          variables: { ...pageBlock!.variables, ...fields.values },
          hidden: hidden === true,
          start_time: typeof start_time === "string" ? start_time : null,
          end_time: typeof end_time === "string" ? end_time : null,
        }),
        select: intent.path,
      };
    }
  }
  return { doc: null };
}

const prefixed = <V>(prefix: string, values: Record<string, V>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [prefix + k, v]));

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
