import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { orSeed, seedInitialData, seedSettings } from "./seed-fallback.server";
import { initialDataSchema, settingsSchema } from "./schemas";
import type { InitialData, Settings } from "./schemas";
import type { Transport } from "./transport.server";

const MINUTE = 60_000;

/** Site settings (the current domain), cached for a minute. */
export function getSettings(t: Transport): Promise<Settings> {
  const load = () => t.get("/api/v1/cognito/domain/currentDomain", z.object({ data: settingsSchema })).then((r) => r.data);
  return orSeed(() => cachedWhenAnonymous(t, "settings", load, { freshFor: MINUTE }), seedSettings);
}

/** The sitemap, redirect table and navigation links; refreshed from the upstream at most once a minute. */
export function getInitialData(t: Transport): Promise<InitialData> {
  const load = () => t.get("/api/v1/cognito/domain/initialData", z.object({ data: initialDataSchema })).then((r) => r.data);
  return orSeed(() => cachedWhenAnonymous(t, "initialData", load, { freshFor: MINUTE }), seedInitialData);
}
