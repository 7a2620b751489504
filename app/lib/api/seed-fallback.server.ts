import type { Page } from "@contract/pages";
import { pageSchema } from "@contract/pages";
import type { InitialData, Settings } from "@contract/site";
import { initialDataSchema, settingsSchema } from "@contract/site";

import seedDomain from "../../../seeds/domain.json";
import seedLinks from "../../../seeds/links.json";
import seedPages from "../../../seeds/pages.json";
import seedRedirects from "../../../seeds/redirects.json";
import { isCircuitOpen, isUpstreamError } from "./errors";

/**
 * The seeded site, bundled into the server build, for when the upstream cannot be reached and
 * nothing is cached yet: the seeded pages, settings, links and redirects still serve.
 */
const SEED_TIME = "1970-01-01T00:00:00.000Z";

export function seedPage(url: string): Page | null {
  const found = seedPages.find((p) => p.url === url);
  if (!found) return null;
  // Seed page blocks get their ids from the database; give them stable ones here.
  const pageContents = (found.pageContents ?? []).map((pb, i) => ({ id: `seed-${i + 1}`, ...pb }));
  return pageSchema.parse({ id: `seed-${found.slug}`, updated_at: SEED_TIME, ...found, pageContents });
}

/** A seed reference ("@image-url:brand/logo.png") only the CMS's seeding can resolve. */
const SEED_REFERENCE = /^@[a-z-]+:\S+$/;

export function seedSettings(): Settings {
  // Unresolved references (the logos) are left empty: the pages then do without them.
  const settings = Object.fromEntries(
    Object.entries(seedDomain.settings).map(([k, v]) => [k, typeof v === "string" && SEED_REFERENCE.test(v) ? "" : v]),
  );
  return settingsSchema.parse({ ...settings, name: seedDomain.settings.name ?? seedDomain.name });
}

export function seedInitialData(): InitialData {
  return initialDataSchema.parse({
    sitemap: seedPages
      .filter((p) => p.priority !== null)
      .map((p) => ({
        url: p.url === "home" ? "/" : `/${p.url}`,
        model: "page",
        priority: p.priority,
        seo_title: p.seo_title ?? p.title,
        seo_meta_description: p.meta_description,
      })),
    redirects: seedRedirects,
    links: seedLinks,
  });
}

/** Runs `load`; when the upstream is unavailable (no answer, or a 5xx) uses `fallback()` if it has one. */
export async function orSeed<T>(load: () => Promise<T>, fallback: () => T | null): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isUpstreamError(error) && error.unavailable) {
      const seeded = fallback();
      if (seeded !== null) {
        // While the breaker is open it has said so once; a line per call would flood the log.
        if (!isCircuitOpen(error)) {
          console.warn(`[upstream] ${error.path} unavailable (${error.message}); serving the seeded copy`);
        }
        return seeded;
      }
    }
    throw error;
  }
}
