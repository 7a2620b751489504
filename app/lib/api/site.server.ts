import { type InitialData, initialDataAnswerSchema, type Settings, settingsAnswerSchema } from "@contract/site";
import { localDateTime, siteTimeZone } from "@contract/site-clock";

import { CacheShort } from "./cache-strategies";
import { orSeed, seedInitialData, seedSettings } from "./seed-fallback.server";
import type { Transport } from "./transport.server";

/** Today (YYYY-MM-DD) on the site's clock (its `time_zone` setting): the day a booking is judged from. */
export async function getSiteToday(t: Transport, now = Date.now()): Promise<string> {
  return localDateTime(now, siteTimeZone((await getSettings(t)).time_zone)).slice(0, 10);
}

/** Site settings (the current domain), cached for a minute. */
export function getSettings(t: Transport): Promise<Settings> {
  const load = () =>
    t.get("/api/v1/cognito/domain/currentDomain", settingsAnswerSchema, {}, { cache: CacheShort }).then((r) => r.data);
  return orSeed(load, seedSettings);
}

/** The sitemap, redirect table and navigation links; refreshed from the upstream at most once a minute. */
export function getInitialData(t: Transport): Promise<InitialData> {
  const load = () =>
    t.get("/api/v1/cognito/domain/initialData", initialDataAnswerSchema, {}, { cache: CacheShort }).then((r) => r.data);
  return orSeed(load, seedInitialData);
}
