import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { BackOfficeLayout } from "~/back-office/layout";
import { backOfficeMessages } from "~/back-office/messages.server";
import { BackOfficeText } from "~/back-office/text";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";
import backOfficeStylesheet from "~/styles/back-office.css";

/** The back-office's own rules: no page of the site carries them (decision 031's budget). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: backOfficeStylesheet }];

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/**
 * The back-office (docs/back-office.md): admins only. Its screens are the child routes; each of
 * their loaders and actions checks the admin again (`requireBackOffice`), since loaders run in
 * parallel. `browser: true`: the editors want the runtime.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const lng = visitor.preferences.locale;
  return data(
    { lng, messages: backOfficeMessages(lng), browser: true },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export default function BackOffice() {
  const { lng, messages } = useLoaderData<typeof loader>();
  return (
    <BackOfficeText lng={lng} messages={messages}>
      <BackOfficeLayout>
        <Outlet />
      </BackOfficeLayout>
    </BackOfficeText>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
