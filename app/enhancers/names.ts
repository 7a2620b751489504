/**
 * The enhancers (decision 034): small browser modules, one per behaviour, that add what a widget
 * does with JavaScript to the HTML the server rendered, without the Remix runtime. A widget's
 * root element names those it needs in `data-enhance` (space-separated); the page lists their
 * files (app/lib/enhancers.server.ts), and a small inline loader imports them once the page has
 * loaded (app/lib/enhancer-loader.ts). Each is `app/enhancers/{name}.ts`, with an optional
 * stylesheet `app/enhancers/{name}.css`; `scripts/build-enhancers.mjs` builds them.
 */
export const ENHANCERS = [
  "slideshow",
  "lightbox",
  "slider",
  "background-video",
  "product-view",
  "voucher-amount",
  "form",
  "signature",
] as const;

export type EnhancerName = (typeof ENHANCERS)[number];

/**
 * Browser modules built the same way that are no enhancer: no widget names them. The error
 * reporter (decision 065) is loaded by its own script, only when SENTRY_DSN is set.
 */
export const OTHER_BROWSER_MODULES = ["error-reporter"] as const;

/** The `data-enhance` value for these enhancers. */
export const enhance = (...names: EnhancerName[]) => names.join(" ");
