import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useTranslation } from "react-i18next";

import { pageCacheControl } from "~/lib/cms-page.server";
import { getI18n } from "~/lib/i18n.server";
import { withRootMeta } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  withRootMeta(matches, [{ name: "robots", content: "noindex" }, ...(page ? [{ title: page.title }] : [])]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /offline: what the service worker shows for a page it has not kept when the network is gone
 * (decision 063). The worker asks for it once per language (`?lng=`, without cookies) and keeps it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { signedIn, preferences } = await context.visitor();
  const t = (await getI18n(preferences.locale)).getFixedT(preferences.locale);
  return data(
    { title: t("pwa.offlineTitle") },
    {
      headers: {
        "Cache-Control": pageCacheControl(request, signedIn, null, context.publicUrl),
        Vary: "Cookie, Accept-Language",
      },
    },
  );
}

export default function Offline() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("pwa.offlineTitle")}</h1>
      <p className="mt-6">{t("pwa.offlineBody")}</p>
      <p className="mt-6">
        <a href="/">{t("nav.home")}</a>
      </p>
    </section>
  );
}
