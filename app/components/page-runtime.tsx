import { Scripts, ScrollRestoration, useMatches } from "@remix-run/react";

/** What a route match offers for the decision: its loader data and its handle. */
interface RouteMatchLike {
  data?: unknown;
  handle?: unknown;
}

const asksForBrowser = (value: unknown) =>
  typeof value === "object" && value !== null && (value as { browser?: unknown }).browser === true;

/**
 * True when a matched route needs JavaScript in the browser: its loader data says `browser: true`
 * (a CMS page with a slideshow, a product list, a lightbox or a video) or its handle does (a
 * route whose own interface needs it). Every other page is whole as HTML, CSS and a few small
 * inline scripts, and ships no Remix runtime (decision 030).
 */
export function routesNeedBrowser(matches: readonly RouteMatchLike[]) {
  return matches.some((match) => asksForBrowser(match.data) || asksForBrowser(match.handle));
}

/**
 * Whether this document has the Remix runtime. On the server: when a matched route asks for it.
 * In the browser it is running (a page without it is never hydrated), and it stays for every
 * page reached by a client-side navigation, whether or not that page needs it.
 */
export function usePageRuntime() {
  const matches = useMatches();
  return typeof document !== "undefined" || routesNeedBrowser(matches);
}

/**
 * The runtime's scripts: hydration data, modulepreloads, the entry module and scroll
 * restoration, or nothing at all. Without them a link is an ordinary document load, and the
 * browser restores the scroll position itself on back and forward.
 */
export function PageRuntime({ nonce, enabled }: { nonce: string; enabled: boolean }) {
  if (!enabled) return null;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}
