import { Scripts, ScrollRestoration, useMatches } from "@remix-run/react";
import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

import { DEFERRED_MODULE_TYPE, RUNTIME_LOADER } from "~/shared/runtime-loader";

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
 * Remix's <Scripts/> output made lazy: the modulepreload links leave the document (their URLs go
 * to the entry script's `data-preload`) and the entry script becomes a data block of
 * DEFERRED_MODULE_TYPE. The hydration data script is left as it is. Server and browser render
 * the same, so hydration matches.
 */
export function deferScripts(node: ReactNode): ReactNode {
  const preloads: string[] = [];
  const collect = (children: ReactNode): ReactNode =>
    Children.map(children, (child) => {
      if (!isValidElement(child)) return child;
      const props = child.props as { rel?: string; href?: string; type?: string; children?: ReactNode };
      if (child.type === "link" && props.rel === "modulepreload") {
        if (props.href && !preloads.includes(props.href)) preloads.push(props.href);
        return null;
      }
      if (child.type === Fragment) return cloneElement(child as ReactElement, {}, collect(props.children));
      return child;
    });
  const mark = (children: ReactNode): ReactNode =>
    Children.map(children, (child) => {
      if (!isValidElement(child)) return child;
      const props = child.props as { type?: string; children?: ReactNode };
      if (child.type === "script" && props.type === "module") {
        return cloneElement(child as ReactElement<Record<string, unknown>>, {
          type: DEFERRED_MODULE_TYPE,
          async: undefined,
          "data-preload": preloads.join(" "),
        });
      }
      if (child.type === Fragment) return cloneElement(child as ReactElement, {}, mark(props.children));
      return child;
    });
  return mark(collect(node));
}

/** Remix's <Scripts/>, deferred (see deferScripts). Its hooks are this component's own. */
function DeferredScripts({ nonce }: { nonce: string }) {
  return <>{deferScripts(Scripts({ nonce }))}</>;
}

/**
 * The runtime's scripts: hydration data, the deferred entry module with its loader, and scroll
 * restoration, or nothing at all. Without them a link is an ordinary document load, and the
 * browser restores the scroll position itself on back and forward.
 */
export function PageRuntime({ nonce, enabled }: { nonce: string; enabled: boolean }) {
  if (!enabled) return null;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <DeferredScripts nonce={nonce} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RUNTIME_LOADER }} />
    </>
  );
}
