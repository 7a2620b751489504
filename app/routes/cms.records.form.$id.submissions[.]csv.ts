import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireBackOffice } from "~/back-office/access.server";
import { requireId } from "~/back-office/records.server";
import { submissionsCsv } from "~/back-office/records-api.server";
import { cacheControl } from "~/shared/cache-control";

/** A form's submissions as the CMS writes them in CSV, as a download. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const id = requireId(params.id);
  const csv = await submissionsCsv(visitor.transport, id);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="form-${id}-submissions.csv"`,
    "Cache-Control": cacheControl.private,
  });
  // The idle clock was moved on: the session's cookie goes with the download.
  const cookie = await visitor.sessionCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
  return new Response(csv, { headers });
}
