import { createHash } from "node:crypto";

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { hasCopiedBlock } from "~/back-office/copy-paste.server";
import { editorAction } from "~/back-office/editor-actions.server";
import { highlightId, outlineOf, pageSummary, selectedItem, widgetTypes } from "~/back-office/editor-load.server";
import type { ItemErrors } from "~/back-office/editor-types";
import { EditorPanels } from "~/back-office/editor-view";
import { pageIdParam } from "~/back-office/page-id";
import { pagesApi, workingDoc } from "~/back-office/pages-api.server";
import { formatWhen, siteZone } from "~/back-office/when.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { isUpstreamError } from "~/lib/api/errors";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

/** The page editor (docs/back-office.md, "Pages"): the draft's outline, the selected item's form, a preview. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const id = pageIdParam(params.id);
  const page = await pagesApi(visitor.transport)
    .get(id)
    .catch((error: unknown) => {
      if (isUpstreamError(error) && error.status === 404) {
        throw data(null, { status: 404, headers: { "Cache-Control": cacheControl.private } });
      }
      throw error;
    });
  const doc = workingDoc(page);
  const zone = await siteZone(visitor.transport);
  const lng = visitor.preferences.locale;
  const select = new URL(request.url).searchParams.get("select");
  return data(
    {
      csrf: ensureCsrfToken(visitor.session),
      page: {
        ...pageSummary(page),
        scheduled: page.scheduled.map((s) => ({ ...s, publish_at: formatWhen(s.publish_at, lng, zone) })),
      },
      // The settings apply at once: the published page's, whatever the draft holds.
      settings: {
        name: page.name,
        url: page.url,
        title: page.published.title,
        meta_description: page.published.meta_description,
        priority: page.published.priority === null ? "" : String(page.published.priority),
      },
      ...outlineOf(doc),
      select,
      selected: selectedItem(doc, select, zone),
      highlight: highlightId(doc, select),
      // In the preview's address, so the frame loads again whenever the document changes.
      version: createHash("sha256").update(JSON.stringify(doc)).digest("hex").slice(0, 12),
      widgetTypes: widgetTypes(),
      canPaste: hasCopiedBlock(visitor),
      // The whole document, for undo and redo in the browser.
      docJson: JSON.stringify(doc),
    },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return editorAction(request, context, pageIdParam(params.id));
}

export type EditorData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function PageEditor() {
  const editor = useLoaderData<typeof loader>();
  const refused = useActionData<{ message: string; item?: ItemErrors }>();
  return <EditorPanels editor={editor} refused={refused} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
