import type { LoaderFunctionArgs } from "@remix-run/node";

import { absoluteUrlCaching, siteOrigin } from "~/lib/origin.server";

/** robots.txt: everything public may be crawled except the back-office; names the sitemap. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cms",
    "Disallow: /logout",
    "Disallow: /bench-bare",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": absoluteUrlCaching(context) },
  });
}
