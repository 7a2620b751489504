import type { LoaderFunctionArgs } from "@remix-run/node";

import { getSettings } from "~/lib/api/site.server";
import { appIcon, isAppIconName } from "~/lib/app-icons.server";
import { variantRequest } from "~/shared/variant-request";

/** /icons/{192,512,maskable-512}.png: the web manifest's icons, from the organisation's logo (decision 064). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const name = /^(.+)\.png$/.exec(params.file ?? "")?.[1] ?? "";
  if (!isAppIconName(name)) throw new Response("Not found", { status: 404 });
  const { transport } = await context.visitor();
  const settings = await getSettings(transport);
  const logo = typeof settings.organisation_logo === "string" ? settings.organisation_logo.trim() : "";
  const { upstream } = context;
  const png = await appIcon(name, logo, async () => {
    if (!logo.startsWith("/")) return null;
    const response = await upstream.fetch(variantRequest(logo, upstream.publicUrl || upstream.baseUrl));
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  });
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}
