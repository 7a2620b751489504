import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";

import { ErrorReporterProvider } from "~/components/error-reporter-script";
import { NonceProvider } from "~/components/nonce";
import { routesNeedBrowser } from "~/components/page-runtime";
import { StylesheetProvider } from "~/components/stylesheet";
import { i18next } from "~/i18next.server";
import { holdBackClosingTags } from "~/lib/closing-tags.server";
import { getI18n } from "~/lib/i18n.server";
import { appendSessionCookie } from "~/lib/load-context.server";
import { cacheControl } from "~/shared/cache-control";
import { builtStylesheet } from "~/styles/stylesheet.server";

const ABORT_DELAY = 5_000;

/** Whether the matched routes ask for the Remix runtime, as the root decides when it renders. */
function documentNeedsRuntime({ staticHandlerContext, routeModules }: EntryContext) {
  return routesNeedBrowser(
    staticHandlerContext.matches.map(({ route }) => ({
      data: staticHandlerContext.loaderData[route.id],
      handle: routeModules[route.id]?.handle,
    })),
  );
}

/**
 * A page rendered while the CMS could not be reached (its notice on show, decision 066) is never
 * stored by a shared cache or the rendered-page cache: later visitors get a page of their own.
 */
function renderedWhileUnreachable({ staticHandlerContext }: EntryContext) {
  const root = staticHandlerContext.loaderData.root as { linkDown?: unknown } | null | undefined;
  return root?.linkDown === true;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every loader has run: the session's cookie is written once, from its final state.
  await appendSessionCookie(loadContext, responseHeaders);
  const nonce = loadContext.cspNonce ?? "";
  const instance = await getI18n(await i18next.getLocale(request));

  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready. Either
  // way `</body></html>` is held back to the end, so the data scripts that stream in after the
  // shell land inside <body> and the document stays valid HTML.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  const document = (
    <NonceProvider value={nonce}>
      <ErrorReporterProvider value={loadContext.errorReporter ?? null}>
        <StylesheetProvider value={builtStylesheet}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nextProvider>
        </StylesheetProvider>
      </ErrorReporterProvider>
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (renderedWhileUnreachable(remixContext)) responseHeaders.set("Cache-Control", cacheControl.private);

  // A document without the Remix runtime (decision 030) has nothing that streams in after its
  // shell: no hydration data, no deferred data. It is rendered to one string, at once, which
  // costs less than streaming it in pieces, and sent whole.
  if (!documentNeedsRuntime(remixContext)) {
    // As bytes: a string body is scanned for lone surrogates and encoded by the Response, a
    // third more time than Buffer.from's native encoding (0.3 against 0.2 ms for a 100 KB page).
    return new Response(Buffer.from(`<!DOCTYPE html>${renderToString(document)}`), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }

  return new Promise<Response>((resolvePromise, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = holdBackClosingTags();
        resolvePromise(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Data requests (client-side navigations and submissions) carry the session's cookie the same way. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  const cookie = await context.sessionCookie();
  if (!cookie) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`[site] ${request.method} ${new URL(request.url).pathname}:`, error);
};

// What server.ts (the host) takes from this build rather than from its own copies of these modules
// (decision 106): what it hands Remix on the load context, and how a render reads a request (the
// rendered-page cache's key). `app/host/from-build.ts` names them for the host.
export { SwrCache } from "~/lib/api/cache.server";
export { createUpstreamBreaker } from "~/lib/api/circuit-breaker.server";
export { parseBaseAllowlist } from "~/lib/auth/base-allowlist";
export { browserErrorReporter } from "~/lib/error-reporting/reporter.server";
export { createLoadContext } from "~/lib/load-context.server";
export { knownPageCacheDecision, pageCacheDecision, renderCookie } from "~/lib/page-cache/key.server";
