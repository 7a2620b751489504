/**
 * The site settings (the first domain's `settings`): read, and changed in one transaction with
 * its audit row. Known keys are checked for their type, loosely; keys the API does not know are
 * kept as they are, so a setting added later is never lost by a save.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import { PROFILE_EDIT_SETTINGS } from "../contract/accounts";
import { embedOriginsSchema } from "../contract/html-allowlist";
import { siteTimeZone } from "../contract/site-clock";
import { paymentSurchargesSchema } from "../contract/surcharges";
import type { Db } from "../db/client";
import { domains } from "../db/schema";
import { apiPaths, type ContentChange } from "../events";
import { writeAudit } from "./audit";

const flagKeys = [
  "ecommerce",
  "show_back_to_top",
  "listPageContentFeature",
  "login_code_only",
  "google_login",
  "ask_date_of_birth",
  "change_date_of_birth",
  ...PROFILE_EDIT_SETTINGS,
] as const;

const textKeys = [
  "name",
  "organisation_name",
  "organisation_abn",
  "organisation_address",
  "organisation_email",
  "organisation_phone",
  "theme_colour",
  "dark_theme_colour",
  "seo_title_prefix",
  "seo_title_suffix",
  "site_url",
  "club_additional_member_label",
] as const;

/** A zone Intl knows (the site's clock takes it as it is, else falls back to Brisbane). */
const validTimeZone = (zone: string) => siteTimeZone(zone) === zone;

/** The known settings' types; every key is optional and others pass through. */
export const settingsSchema = z
  .object({
    ...Object.fromEntries(flagKeys.map((k) => [k, z.boolean().optional()])),
    ...Object.fromEntries(textKeys.map((k) => [k, z.string().max(2000).optional()])),
    payment_surcharges: paymentSurchargesSchema.optional(),
    payment_to_user_id: z.number().int().min(1).nullable().optional(),
    time_zone: z.string().refine(validTimeZone, "must be a time zone such as Australia/Brisbane").optional(),
    embed_origins: embedOriginsSchema.optional(),
    shipping_zones: z.array(z.unknown()).optional(),
    shipping_pickup: z.record(z.unknown()).nullable().optional(),
  })
  .passthrough();

export const domainUpdateBody = z.object({ settings: settingsSchema }).strict();

async function firstDomain(db: Db, lock = false) {
  const select = db.select().from(domains).orderBy(asc(domains.id)).limit(1);
  const [domain] = lock ? await select.for("update") : await select;
  if (!domain) throw new ApiError(404, "The site has no domain");
  return domain;
}

const answer = (d: typeof domains.$inferSelect) => ({
  id: d.id,
  name: d.name,
  settings: d.settings,
  updated_at: d.updatedAt.toISOString(),
});

export async function getDomain(db: Db) {
  return answer(await firstDomain(db));
}

/** Merges `settings` into the site's settings (keys not sent stay as they are). */
export async function updateDomain(
  db: Db,
  settings: Record<string, unknown>,
  ctx: { now: number; userId: number },
): Promise<{ data: ReturnType<typeof answer>; change: ContentChange }> {
  const data = await db.transaction(async (tx) => {
    const domain = await firstDomain(tx, true);
    const [row] = await tx
      .update(domains)
      .set({ settings: { ...domain.settings, ...settings }, updatedAt: new Date(ctx.now) })
      .where(eq(domains.id, domain.id))
      .returning();
    await writeAudit(tx, {
      userId: ctx.userId,
      at: ctx.now,
      model: "domain",
      recordId: domain.id,
      action: "update",
      before: domain.settings,
      after: row.settings,
    });
    return answer(row);
  });
  // Every page shows settings (the organisation, the theme): everything cached may be stale.
  return { data, change: { paths: ["/api/v1/cognito/domain/currentDomain", apiPaths.initialData, "/api/v1/"] } };
}
