import { useEffect } from "react";

import { ENHANCER_LOADER, ENHANCERS_ATTRIBUTE } from "~/lib/enhancer-loader";
import type { EnhancerAsset } from "~/lib/enhancers.server";
import { loadStylesheet } from "~/lib/load-stylesheet";

/** JSON for a `<script>` data block: `<` escaped, so no text in it can close the element. */
const dataBlock = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Runs these enhancers on the elements that name them, from a page that has the Remix runtime
 * (after hydration, or after a client-side navigation to the page); the inline loader does it on
 * the pages without. Resolves to a function that undoes nothing but stops pending starts.
 */
export function startEnhancers(assets: readonly EnhancerAsset[]) {
  let live = true;
  const started = assets.map((asset) => {
    // As the inline loader does: the stylesheet has loaded before the enhancer changes the HTML.
    const stylesheet = asset.css ? loadStylesheet(asset.css) : undefined;
    return Promise.all([import(/* @vite-ignore */ asset.js), stylesheet])
      .then(([module]: [{ default: (el: HTMLElement) => void }, unknown]) => {
        if (!live) return;
        document.querySelectorAll<HTMLElement>(`[data-enhance~="${asset.name}"]`).forEach((el) => module.default(el));
      })
      .catch((error: Error) => console.warn(`[enhance] ${asset.name}: ${error.message}`));
  });
  // As the inline loader does: the page says when its enhancers have run.
  void Promise.all(started).then(() => live && document.documentElement.setAttribute("data-enhanced", ""));
  return () => {
    live = false;
    document.documentElement.removeAttribute("data-enhanced");
  };
}

/**
 * The page's enhancers (decision 034): the list of their files as a data block, and the inline
 * loader that starts them once the page has loaded. Nothing when the page needs none.
 */
export function PageEnhancers({ assets, nonce }: { assets: readonly EnhancerAsset[] | undefined; nonce: string }) {
  const key = assets?.map((a) => a.js).join(" ") ?? "";
  useEffect(() => (assets?.length ? startEnhancers(assets) : undefined), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!assets?.length) return null;
  return (
    <>
      <script
        type="application/json"
        {...{ [ENHANCERS_ATTRIBUTE]: "" }}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: dataBlock(assets) }}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ENHANCER_LOADER }} />
    </>
  );
}
