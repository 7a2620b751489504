import { siteTimeZone } from "@contract/site-clock";
import { getSettings } from "~/lib/api/site.server";
import type { Transport } from "~/lib/api/transport.server";

/** The site's time zone, where the back-office shows and reads every time (cms/contract/site-clock.ts). */
export async function siteZone(transport: Transport) {
  return siteTimeZone((await getSettings(transport)).time_zone);
}

/** An instant as the admin reads it: their language, the site's clock. Empty for none. */
export function formatWhen(value: string | null | undefined, lng: string, timeZone: string) {
  if (!value) return "";
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short", timeZone }).format(at);
}
