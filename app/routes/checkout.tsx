import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { getSettings } from "~/lib/api/site.server";
import { requireMember } from "~/lib/auth.server";
import { cacheControl } from "~/lib/cache-control";
import { withRootMeta } from "~/lib/meta";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** /checkout requires sign-in (spec section 6). The shop itself comes with a later issue. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  const settings = await getSettings((await context.visitor()).transport);
  return data({ shopOpen: settings.ecommerce }, { headers: { "Cache-Control": cacheControl.private } });
}

export default function Checkout() {
  const { shopOpen } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("account.checkoutTitle")}</h1>
      <p className="mt-3">{shopOpen ? t("account.checkoutEmpty") : t("account.shopClosed")}</p>
      <p className="mt-6">
        <a href="/catalogue">{t("account.toCatalogue")}</a>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
