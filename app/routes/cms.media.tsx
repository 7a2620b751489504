import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { mediaAction, mediaLoader } from "~/back-office/media.server";
import { MediaLibrary } from "~/back-office/media-view";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

/** The media library (docs/back-office.md, "Images"): the stored images and an upload form. */
export const loader = ({ request, context }: LoaderFunctionArgs) => mediaLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => mediaAction(request, context);

export default function Media() {
  const { images, csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <MediaLibrary images={images} csrf={csrf} lastResult={lastResult} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
