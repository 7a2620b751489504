import type { AppLoadContext } from "@remix-run/node";

import { getSettings } from "~/lib/api/site.server";
import { notFound } from "~/lib/cms-page.server";

/** Whether the shop is open: the site setting `ecommerce` (off in the seeds; docs/shop.md). */
export async function shopOpen(context: AppLoadContext): Promise<boolean> {
  const visitor = await context.visitor();
  const settings = await getSettings(visitor.transport);
  return settings.ecommerce === true;
}

/**
 * Every shop route's first line: with `ecommerce` off the route is the site's 404 page (thrown),
 * so nothing of the shop is reachable, whatever the address.
 */
export async function requireShop(request: Request, context: AppLoadContext): Promise<void> {
  if (!(await shopOpen(context))) throw notFound(new URL(request.url).pathname);
}
