import type { Image } from "@contract/media";

/** An image record as the image service gives it, for widget tests: every format at one aspect and width. */
export const testVariant = (hash: string, aspect: string, width: number, height: number) => ({
  url: `/assets/i/${hash}/${aspect}/${width}.jpg`,
  webp_url: `/assets/i/${hash}/${aspect}/${width}.webp`,
  avif_url: `/assets/i/${hash}/${aspect}/${width}.avif`,
  placeholder: "data:image/webp;base64,AAAA",
  aspect,
  width,
  height,
});

export const testImage = (hash: string, aspect: string, width: number, height: number): Image => ({
  ...testVariant(hash, aspect, width, height),
  extra_aspects: [],
});
