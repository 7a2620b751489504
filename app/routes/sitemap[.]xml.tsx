import type { LoaderFunctionArgs } from "@remix-run/node";

import { getInitialData } from "~/lib/api/site.server";
import { absoluteUrlCaching, siteOrigin } from "~/lib/origin.server";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** sitemap.xml from the upstream sitemap: every entry with its lastmod and priority (100 → 1.0). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { transport } = await context.visitor();
  const { sitemap } = await getInitialData(transport);
  const origin = siteOrigin(request, context);
  const urls = sitemap.map((e) => {
    const lastmod =
      e.lastmod && !e.lastmod.startsWith("1970") ? `<lastmod>${escapeXml(e.lastmod.slice(0, 10))}</lastmod>` : "";
    const priority =
      typeof e.priority === "number"
        ? `<priority>${(Math.min(100, Math.max(0, e.priority)) / 100).toFixed(1)}</priority>`
        : "";
    return `  <url><loc>${escapeXml(origin + (e.url.startsWith("/") ? e.url : `/${e.url}`))}</loc>${lastmod}${priority}</url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": absoluteUrlCaching(context) },
  });
}
