import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { Widget } from "@contract/pages";
import { useNonce } from "~/components/nonce";
import { PageEnhancers } from "~/components/page-enhancers";
import { enhancerAssets } from "~/lib/enhancers.server";
import { withRootMeta } from "~/lib/meta";
import { loadWidgetData, pageEnhancers, pageNeedsBrowser } from "~/page-builder/loaders.server";
import { getWidget, widgetList } from "~/page-builder/registry";
import { cacheControl } from "~/shared/cache-control";
import { darkWidgets, demoWidget, longWidgets, rtlWidgets, usedWidgets } from "~/style-guide/fixtures";
import { Foundations, GuideSection, WidgetSamples } from "~/style-guide/sections";

/**
 * /demo_asdf, the living style guide (decision 072): every widget, through the real registry and
 * its real load, as used, with long text, empty, after a failed load, right to left and dark;
 * then the colours, type and spacing. Not indexed, not in the sitemap, linked from nowhere.
 */
export const meta: MetaFunction = ({ matches }) =>
  withRootMeta(matches, [{ title: "Style guide" }, { name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The widget as the page's data carries it: its fields parsed here (the browser has no schemas). */
const forBrowser = (w: Widget): Widget => ({ ...w, fields: getWidget(w.type)?.fieldsForBrowser(w) ?? {} });

export async function loader({ context }: LoaderFunctionArgs) {
  const { transport } = await context.visitor();
  const loaded = [...usedWidgets, ...longWidgets, ...rtlWidgets, ...darkWidgets];
  const widgetData = await loadWidgetData(loaded, { transport, itemUrl: null, pagePath: "/demo_asdf" });
  // Empty: each type with no fields and nothing loaded. A failed load: the same fields, data null.
  const empty = widgetList.map((w) => demoWidget(`empty-${w.type.replace(/\W+/g, "-")}`, w.type, {}));
  // Those whose content is all loaded (an FAQ's own questions would show as they are).
  const failed = usedWidgets
    .filter((w) => getWidget(w.type)?.loadData && w.items.length === 0)
    .map((w) => ({ ...w, id: `${w.id}-failed` }));
  const shown = [...loaded, ...empty, ...failed];
  return data(
    {
      used: usedWidgets.map(forBrowser),
      long: longWidgets.map(forBrowser),
      empty: empty.map(forBrowser),
      failed: failed.map(forBrowser),
      rtl: rtlWidgets.map(forBrowser),
      dark: darkWidgets.map(forBrowser),
      widgetData,
      // The home hero's slideshow needs the runtime (decision 030); the enhancers as on any page.
      browser: pageNeedsBrowser(shown, widgetData),
      enhancers: enhancerAssets(pageEnhancers(shown, widgetData)),
    },
    { headers: { "Cache-Control": cacheControl.private, "X-Robots-Tag": "noindex" } },
  );
}

export default function StyleGuide() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const nonce = useNonce();
  const env = { itemUrl: null, signedIn: false, address: { pathname, search } };
  const samples = (widgets: Widget[]) => (
    <WidgetSamples widgets={widgets} data={d.widgetData} env={env} nothing={t("styleGuide.nothing")} />
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6">
      <header>
        <h1 className="font-serif text-4xl font-semibold">{t("styleGuide.title")}</h1>
        <p className="mt-2 max-w-prose">{t("styleGuide.intro")}</p>
      </header>
      <GuideSection id="used" title={t("styleGuide.used")}>
        {samples(d.used)}
      </GuideSection>
      <GuideSection id="long" title={t("styleGuide.long")}>
        {samples(d.long)}
      </GuideSection>
      <GuideSection id="empty" title={t("styleGuide.empty")} note={t("styleGuide.emptyNote")}>
        {samples(d.empty)}
      </GuideSection>
      <GuideSection id="loading" title={t("styleGuide.loading")} note={t("styleGuide.loadingNote")}>
        <div
          role="status"
          className="h-24 animate-pulse rounded bg-stone-200 motion-reduce:animate-none dark:bg-stone-700"
        >
          <span className="sr-only">{t("styleGuide.loading")}</span>
        </div>
      </GuideSection>
      <GuideSection id="failed" title={t("styleGuide.failed")} note={t("styleGuide.failedNote")}>
        {samples(d.failed)}
      </GuideSection>
      <GuideSection id="rtl" title={t("styleGuide.rtl")} dir="rtl">
        {samples(d.rtl)}
      </GuideSection>
      <GuideSection id="dark" title={t("styleGuide.dark")} className="dark bg-stone-900 text-stone-100">
        {samples(d.dark)}
      </GuideSection>
      <Foundations />
      <PageEnhancers assets={d.enhancers} nonce={nonce} />
    </div>
  );
}
