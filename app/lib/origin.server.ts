import type { AppLoadContext } from "@remix-run/node";

/** The site's public origin: PUBLIC_URL when set, else the origin the request came to. */
export function siteOrigin(request: Request, context: AppLoadContext) {
  return (context.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
}
