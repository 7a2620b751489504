import { useLocation } from "@remix-run/react";
import type { Page } from "~/lib/api/schemas";
import { PageView } from "~/page-builder/page-view";

export interface CmsPageData {
  page: Page;
  widgetData: Record<string, unknown>;
  itemUrl: string | null;
  now: number;
  signedIn: boolean;
}

/** Renders the page a CMS page loader returned (the clock is the loader's, so server and browser agree). */
export function CmsPage({ data }: { data: CmsPageData }) {
  const { search } = useLocation();
  const tab = new URLSearchParams(search).get("tab");
  return (
    <PageView
      page={data.page}
      data={data.widgetData}
      env={{ itemUrl: data.itemUrl, signedIn: data.signedIn }}
      now={data.now}
      tab={tab}
      search={search}
    />
  );
}

/** Switching tabs changes only ?tab=: the page is already loaded, so skip the round trip. */
export function onlyTabChanged(currentUrl: URL, nextUrl: URL) {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const a = new URLSearchParams(currentUrl.search);
  const b = new URLSearchParams(nextUrl.search);
  a.delete("tab");
  b.delete("tab");
  return a.toString() === b.toString();
}
