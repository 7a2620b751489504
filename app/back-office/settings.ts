import { z } from "zod";

/**
 * The site settings the back-office edits (the Domain's `settings`, spec section 3, with the keys
 * of seeds/domain.json), in sections. Labels are the settings' own names, as the spec and the
 * API write them; the sections' headings are `settings.sections.*` in cms.json.
 */
export type SettingKind = "text" | "flag" | "number" | "json";

export interface SettingSpec {
  key: string;
  kind: SettingKind;
}

const texts = (...keys: string[]) => keys.map((key): SettingSpec => ({ key, kind: "text" }));
const flags = (...keys: string[]) => keys.map((key): SettingSpec => ({ key, kind: "flag" }));
const numbers = (...keys: string[]) => keys.map((key): SettingSpec => ({ key, kind: "number" }));
const json = (...keys: string[]) => keys.map((key): SettingSpec => ({ key, kind: "json" }));

export const SETTING_SECTIONS: readonly { name: string; settings: readonly SettingSpec[] }[] = [
  {
    name: "organisation",
    settings: texts(
      "name",
      "organisation_name",
      "organisation_abn",
      "organisation_address",
      "organisation_email",
      "organisation_phone",
      "organisation_logo",
      "organisation_logo_dark",
      "favicon",
      "favicon_dark",
      "site_url",
      "time_zone",
    ),
  },
  {
    name: "appearance",
    settings: [
      ...texts("theme_colour", "dark_theme_colour", "seo_title_prefix", "seo_title_suffix"),
      ...flags("show_back_to_top", "listPageContentFeature"),
    ],
  },
  {
    name: "social",
    settings: texts("facebook", "instagram", "pinterest", "youtube", "twitter", "linkedin", "github", "xing", "skype"),
  },
  {
    name: "analytics",
    settings: texts(
      "google_analytics",
      "google_tag_manager",
      "google_site_verification",
      "bing_site_verification",
      "facebook_pixel",
      "matomo_site_url",
      "matomo_site_id",
    ),
  },
  {
    name: "members",
    settings: [
      ...flags(
        "login_code_only",
        "google_login",
        "ask_date_of_birth",
        "change_date_of_birth",
        "profile_edit_name",
        "profile_edit_date_of_birth",
        "profile_edit_drivers_licence",
        "profile_edit_emergency_contact",
        "profile_edit_company_name",
        "profile_edit_company_phone",
        "profile_edit_trading_name",
        "profile_edit_abn",
        "profile_edit_website",
        "profile_edit_facebook",
        "profile_edit_club_additional_member",
        "profile_edit_addresses",
      ),
      ...texts("club_additional_member_label"),
    ],
  },
  {
    name: "shop",
    settings: [
      ...flags("ecommerce"),
      ...numbers("payment_to_user_id"),
      ...json("payment_surcharges", "shipping_zones", "shipping_pickup", "embed_origins"),
    ],
  },
];

export const SETTINGS = SETTING_SECTIONS.flatMap((s) => s.settings);

const jsonText = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "settings.errors.json" });
    return z.NEVER;
  }
});

/** A posted settings form as the values to save: a flag is true or false, JSON is parsed. */
export const settingsFormSchema = z.object(
  Object.fromEntries(
    SETTINGS.map(({ key, kind }) => [
      key,
      kind === "flag"
        ? z.boolean().default(false)
        : kind === "number"
          ? z
              .number({ invalid_type_error: "settings.errors.number" })
              .nullish()
              .transform((v) => v ?? null)
          : kind === "json"
            ? jsonText.optional().transform((v) => v ?? null)
            : z
                .string()
                .max(2000)
                .optional()
                .transform((v) => v ?? ""),
    ]),
  ),
);

/** A setting's value as its input shows it. */
export function settingValue(kind: SettingKind, value: unknown): string | boolean {
  if (kind === "flag") return value === true;
  if (value === null || value === undefined) return "";
  if (kind === "json") return JSON.stringify(value, null, 2);
  return String(value);
}
