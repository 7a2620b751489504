import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { requireBackOffice } from "~/back-office/access.server";
import { pageIdParam } from "~/back-office/page-id";
import { pagesApi } from "~/back-office/pages-api.server";
import { diffDocs } from "~/back-office/revision-diff";
import { RevisionsView } from "~/back-office/revisions-view";
import { formatWhen, siteZone } from "~/back-office/when.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

const chosen = z.coerce.number().int().positive().optional().catch(undefined);

/**
 * A page's revisions, newest first (who, when, scheduled for), and with `?revision=` what changed
 * from that revision to the page as published now: the widgets added, removed and changed.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const id = pageIdParam(params.id);
  const api = pagesApi(visitor.transport);
  const revision = chosen.parse(new URL(request.url).searchParams.get("revision") ?? undefined);
  const [page, revisions, zone, old] = await Promise.all([
    api.get(id),
    api.revisions(id),
    siteZone(visitor.transport),
    revision ? api.revision(id, revision) : Promise.resolve(null),
  ]);
  const lng = visitor.preferences.locale;
  const when = (value: string | null) => formatWhen(value, lng, zone);
  return data(
    {
      csrf: ensureCsrfToken(visitor.session),
      page: { id: page.id, name: page.name },
      revisions: revisions.map((r) => ({
        id: r.id,
        by: r.created_by?.name ?? "",
        created: when(r.created_at),
        publishAt: when(r.publish_at),
        publishedAt: when(r.published_at),
        summary: r.summary,
      })),
      compared: old ? { id: old.id, changes: diffDocs(old.doc, page.published) } : null,
    },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export type RevisionsData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function PageRevisions() {
  return <RevisionsView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
