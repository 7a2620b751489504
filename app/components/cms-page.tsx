import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import type { Page } from "@contract/pages";
import type { EnhancerAsset } from "~/lib/enhancers.server";
import { PageView } from "~/page-builder/page-view";

import { useNonce } from "./nonce";
import { PageEnhancers } from "./page-enhancers";

export interface CmsPageData {
  page: Page;
  widgetData: Record<string, unknown>;
  itemUrl: string | null;
  now: number;
  /** Milliseconds from `now` until a block or widget of the page is due to appear or disappear. */
  nextChangeMs?: number | null;
  signedIn: boolean;
  /** True when a widget of the page needs the Remix runtime in the browser: only then does it ship. */
  browser?: boolean;
  /** The enhancers the page's widgets and frames name, with their files (decision 034). */
  enhancers?: EnhancerAsset[];
  /** On a photo's own page (`?gallery=&photo=`), the photo shown (decision 038). */
  photo?: { number: number } | null;
  /** The back-office's preview: the widget the editor selected, outlined. */
  highlight?: string | null;
}

const DAY = 86_400_000;

/**
 * Spec section 4 rechecks block visibility on a clock; here an open page asks the server again
 * just after its next scheduled change (a second late, so the server's clock is past it too).
 */
function useRevalidateAtNextChange(nextChangeMs: number | null | undefined, now: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (nextChangeMs === null || nextChangeMs === undefined || nextChangeMs > DAY) return;
    const timer = setTimeout(revalidate, nextChangeMs + 1_000);
    return () => clearTimeout(timer);
  }, [nextChangeMs, now, revalidate]);
}

/** Renders the page a CMS page loader returned (the clock is the loader's, so server and browser agree). */
export function CmsPage({ data }: { data: CmsPageData }) {
  const { pathname, search } = useLocation();
  const tab = new URLSearchParams(search).get("tab");
  const nonce = useNonce();
  useRevalidateAtNextChange(data.nextChangeMs, data.now);
  return (
    <>
      <PageView
        page={data.page}
        data={data.widgetData}
        env={{
          itemUrl: data.itemUrl,
          signedIn: data.signedIn,
          photo: data.photo?.number ?? null,
          address: { pathname, search },
          highlight: data.highlight ?? null,
        }}
        now={data.now}
        tab={tab}
        search={search}
      />
      <PageEnhancers assets={data.enhancers} nonce={nonce} />
    </>
  );
}

/** Switching tabs changes only ?tab=: the page is already loaded, so skip the round trip. */
export function onlyTabChanged(currentUrl: URL, nextUrl: URL) {
  // The same URL again is a revalidation (for example at a scheduled change), not a tab switch.
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return false;
  const a = new URLSearchParams(currentUrl.search);
  const b = new URLSearchParams(nextUrl.search);
  a.delete("tab");
  b.delete("tab");
  return a.toString() === b.toString();
}
