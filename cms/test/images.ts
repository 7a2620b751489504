/** Test images drawn with sharp, so no test depends on the seed files. */
import sharp from "sharp";

/** A simple scene (a gradient, a sun, a bench) as a PNG of the given size; `tint` varies the bytes. */
export async function scene(width: number, height: number, tint = 0) {
  const hue = (30 + tint * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="1" stop-color="hsl(${hue + 20},40%,35%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.28}" r="${Math.min(width, height) * 0.12}" fill="#f4d35e"/>
    <rect x="${width * 0.15}" y="${height * 0.6}" width="${width * 0.5}" height="${height * 0.06}" rx="8" fill="#8a5a2b"/>
    <rect x="${width * 0.18}" y="${height * 0.66}" width="${width * 0.03}" height="${height * 0.2}" fill="#6b4423"/>
    <rect x="${width * 0.59}" y="${height * 0.66}" width="${width * 0.03}" height="${height * 0.2}" fill="#6b4423"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A photo-like image from raw pixels: smooth light, some structure and fine grain, so encoders
 * work about as hard as on a photograph (flat SVG shapes encode unrealistically fast).
 */
export async function photoLike(width: number, height: number, seed = 1) {
  const raw = Buffer.alloc(width * height * 3);
  let n = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      n = (n * 1103515245 + 12345) >>> 0;
      const grain = ((n >>> 16) & 15) - 8;
      const light = 0.55 + 0.35 * Math.sin(x / 310 + seed) * Math.cos(y / 230);
      const grainTimber = 18 * Math.sin(x / 7 + 6 * Math.sin(y / 90));
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, 150 * light + 70 + grainTimber + grain));
      raw[i + 1] = Math.max(0, Math.min(255, 110 * light + 45 + grainTimber * 0.7 + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 80 * light + 30 + grainTimber * 0.4 + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
