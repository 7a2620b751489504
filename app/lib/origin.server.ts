import type { AppLoadContext } from "@remix-run/node";

import { cacheControl } from "~/shared/cache-control";

/** The site's public origin: PUBLIC_URL when set, else the origin the request came to. */
export function siteOrigin(request: Request, context: AppLoadContext) {
  return (context.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
}

/**
 * Cache-Control for a document holding absolute URLs: shared caches may keep it only when the
 * origin is configured, never when it was taken from the request's (forgeable) Host header.
 */
export function absoluteUrlCaching(context: AppLoadContext) {
  return context.publicUrl ? cacheControl.document : cacheControl.private;
}
