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

/**
 * The layout's own failures only: a member refused (403), a visitor's sign-in that cannot be
 * checked. No back-office frame then: the visitor is not in the back-office. Every screen has a
 * boundary of its own, which Remix renders in this layout's <Outlet>, so a screen's error (an
 * unknown record, a refused call, the CMS unreachable) keeps the back-office's navigation; a
 * failed post without JavaScript too, since the layout's loader still runs (decision 107).
 */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
