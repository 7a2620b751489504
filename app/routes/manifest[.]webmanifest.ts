import type { LoaderFunctionArgs } from "@remix-run/node";

import { getSettings } from "~/lib/api/site.server";
import { APP_ICONS, ICON_GROUND } from "~/lib/app-icons.server";

/** A short name for a home screen: the organisation's name when short, else its first word. */
export function shortName(name: string) {
  return name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12);
}

/** /manifest.webmanifest: the installable site (decision 064), from the site settings and theme. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { transport, preferences } = await context.visitor();
  const settings = await getSettings(transport);
  const name = settings.organisation_name || settings.name;
  const manifest = {
    id: "/",
    name,
    short_name: shortName(name),
    lang: preferences.locale,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: settings.theme_colour || "#7c4a1e",
    background_color: ICON_GROUND,
    icons: Object.entries(APP_ICONS).map(([icon, { size, purpose }]) => ({
      src: `/icons/${icon}.png`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=300", Vary: "Cookie" },
  });
}
