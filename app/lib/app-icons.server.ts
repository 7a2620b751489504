// The installed site's icons (decision 064): the organisation's logo, fitted on the site's light
// ground, as PNGs at the sizes the web manifest lists. Drawn with sharp once per logo and size and
// kept in memory (a handful of small PNGs); a site without a logo gets its favicon instead.
import { readFile } from "node:fs/promises";
import path from "node:path";

import sharp from "sharp";

/** The icons the manifest lists: `{name}.png` under /icons/. */
export const APP_ICONS = {
  "192": { size: 192, share: 0.8, purpose: "any" },
  "512": { size: 512, share: 0.8, purpose: "any" },
  // A maskable icon keeps what matters inside the middle 80 % circle: the logo takes 60 %.
  "maskable-512": { size: 512, share: 0.6, purpose: "maskable" },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

/** The ground behind the logo: the page background (Tailwind's stone-50). */
export const ICON_GROUND = "#fafaf9";

export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(APP_ICONS, name);

const drawn = new Map<string, Promise<Buffer>>();

async function draw(source: Uint8Array, name: AppIconName) {
  const { size, share } = APP_ICONS[name];
  const inner = Math.round(size * share);
  const logo = await sharp(source, { failOn: "error", density: 300 })
    .resize(inner, inner, { fit: "inside" })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: ICON_GROUND } })
    .composite([{ input: logo, gravity: "centre" }])
    .png()
    .toBuffer();
}

/**
 * The icon `name` drawn from a logo: `key` names the logo (its URL), `load` fetches its bytes (or
 * resolves null, then the favicon is drawn). A failed drawing is forgotten, so the next request tries again.
 */
export function appIcon(name: AppIconName, key: string, load: () => Promise<Uint8Array | null>) {
  const id = `${name}|${key}`;
  let icon = drawn.get(id);
  if (!icon) {
    icon = (async () => {
      const logo = await load().catch(() => null);
      if (logo) {
        try {
          return await draw(logo, name);
        } catch {
          // Not an image sharp can read: the favicon below.
        }
      }
      return draw(await readFile(path.join(process.cwd(), "public", "favicon.svg")), name);
    })();
    icon.catch(() => drawn.delete(id));
    drawn.set(id, icon);
  }
  return icon;
}
