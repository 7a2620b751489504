import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { handlePurge } from "~/lib/purge.server";

/** `POST /_purge`: the CMS says content changed; the cached answers it names are dropped. */
export const action = ({ request, context }: ActionFunctionArgs) => handlePurge(request, context);

/** Anything but POST: 405 (or 404 when purging is not configured). */
export const loader = ({ request, context }: LoaderFunctionArgs) => handlePurge(request, context);
