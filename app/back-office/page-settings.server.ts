import { z } from "zod";

import { isUpstreamError } from "~/lib/api/errors";

import type { ItemErrors } from "./editor-types";
import type { pagesApi } from "./pages-api.server";

/** The page's settings as the editor's form posts them (docs/back-office.md: the page model). */
export const pageSettingsSchema = z.object({
  name: z.string().trim().min(1, "pages.errors.name").max(200),
  url: z
    .string()
    .trim()
    .max(500)
    .transform((url) => url.replace(/^\/+|\/+$/g, ""))
    .pipe(z.string().regex(/^[a-z0-9]+(?:[/-][a-z0-9]+)*$/, "pages.errors.slug")),
  title: z.string().trim().max(255).default(""),
  meta_description: z.string().trim().max(1000).default(""),
  priority: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= 100), "editor.errors.priority")
    .transform((v) => (v === "" ? null : Number(v))),
  redirect_from_old: z.literal("on").optional(),
});

/**
 * Saves the page's settings (they apply at once, drafts or not). The slug is the address's last
 * part. A changed address leaves a redirect from the old one when asked (checked by default).
 * Answers the form's errors, by field, when the values do not hold.
 */
export async function savePageSettings(
  api: ReturnType<typeof pagesApi>,
  id: number,
  form: FormData,
  t: (key: string) => string,
): Promise<{ ok: true } | { ok: false; item: ItemErrors }> {
  const input = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const parsed = pageSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      Object.entries(parsed.error.flatten().fieldErrors).map(([k, v]) => [
        `s.${k}`,
        t(v?.[0] ?? "editor.errors.fields"),
      ]),
    );
    const typed = Object.fromEntries(Object.entries(input).map(([k, v]) => [`s.${k}`, v]));
    return { ok: false, item: { path: "settings", errors, input: typed } };
  }
  const { redirect_from_old, url, ...fields } = parsed.data;
  const slug = url.split("/").pop() ?? url;
  try {
    await api.updateSettings({ id, ...fields, url, slug, redirect_from_old: redirect_from_old === "on" });
  } catch (error) {
    // A refused value (400) or an address another page has (409): beside its field.
    if (!isUpstreamError(error) || (error.status !== 400 && error.status !== 409) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([k, v]) => [`s.${k === "slug" ? "url" : k}`, v.join(" ")]),
    );
    const typed = Object.fromEntries(Object.entries(input).map(([k, v]) => [`s.${k}`, v]));
    return { ok: false, item: { path: "settings", errors, input: typed } };
  }
  return { ok: true };
}
