/**
 * Share images (decision 038): what a link preview shows for a page, always 1200×630 and made by
 * the image service from a stored original. Its variant path names a size instead of an aspect
 * (the spec's `/assets/i/{hash}/{aspect or size}/{width}.{extension}`):
 *
 * - a page's own picture: `/assets/i/{hash}/1200x630/1200.jpg`, the original cropped to the size;
 * - otherwise the organisation's logo on the brand colour: `/assets/i/{logo}/1200x630-{rrggbb}/1200.jpg`.
 *
 * JPEG, as every crawler reads it. Pure: the head is built in the browser too.
 */

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
const SIZE = `${SHARE_WIDTH}x${SHARE_HEIGHT}`;

/** A page's share image: its path on this site and what it shows. */
export interface ShareImage {
  path: string;
  /** The image's alt text; empty when the page's title is the best description. */
  alt: string;
}

/** The stored original a variant URL names (`/assets/i/{hash}/…`, relative or absolute). */
export function imageHashOf(url: string | null | undefined): string | null {
  return /(?:^|\/\/[^/]+)\/assets\/i\/([0-9a-f]{32})\//.exec(url ?? "")?.[1] ?? null;
}

/** The share image of a picture the page shows (an Image record's URL), or null if it is not the service's. */
export function sharePathOf(url: string | null | undefined): string | null {
  const hash = imageHashOf(url);
  return hash ? `/assets/i/${hash}/${SIZE}/${SHARE_WIDTH}.jpg` : null;
}

/** "#7C4A1E" or "#abc" as the service names a colour ("7c4a1e"); null if it is none. */
export function groundOf(colour: string | null | undefined): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((colour ?? "").trim());
  if (!m) return null;
  const hex = m[1].toLowerCase();
  return hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
}

/** True for a colour light marks read better on than dark ones (WCAG relative luminance below 0.18). */
function isDark(ground: string) {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(ground.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18;
}

export interface BrandSettings {
  organisation_logo: string | null;
  organisation_logo_dark?: string | null;
  theme_colour: string | null;
}

/**
 * The brand card's path: the logo in the middle of the theme colour. On a dark colour the logo made
 * for dark grounds (`organisation_logo_dark`) when there is one. Null without a stored logo or a colour.
 */
export function brandCardPath(settings: BrandSettings): string | null {
  const ground = groundOf(settings.theme_colour);
  if (!ground) return null;
  const dark = isDark(ground) ? imageHashOf(settings.organisation_logo_dark) : null;
  const hash = dark ?? imageHashOf(settings.organisation_logo);
  return hash ? `/assets/i/${hash}/${SIZE}-${ground}/${SHARE_WIDTH}.jpg` : null;
}

/** The head's share-image tags for an absolute image URL: Open Graph's and Twitter's large card. */
export function shareImageMeta(url: string, alt: string) {
  return [
    { property: "og:image", content: url },
    ...(url.startsWith("https:") ? [{ property: "og:image:secure_url", content: url }] : []),
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(SHARE_WIDTH) },
    { property: "og:image:height", content: String(SHARE_HEIGHT) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: alt },
  ];
}

/** Whether a head tag is one of those `shareImageMeta` writes (or the card type they decide). */
export function isShareImageTag(tag: object) {
  const key = "property" in tag ? String(tag.property) : "name" in tag ? String(tag.name) : "";
  return /^og:image(?::|$)/.test(key) || /^twitter:(?:card|image(?::alt)?)$/.test(key);
}
