/**
 * How a variant is cut (decision 111): where its shape is the original's, nothing is cropped and
 * the cheaper centre position gives the very bytes the attention crop would; where it crops, the
 * attention crop still chooses.
 */
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";

import { photoLike } from "../test/images";
import { variantSize } from "./aspects";
import { resizeOptions } from "./variants";

const encoders = {
  avif: (s: Sharp) => s.avif({ effort: 0 }),
  webp: (s: Sharp) => s.webp(),
  jpg: (s: Sharp) => s.jpeg(),
};

describe("resizeOptions", () => {
  it("crops where the eye goes only where the variant's shape is not the original's", () => {
    const original = { width: 1600, height: 1200 };
    expect(resizeOptions(variantSize(1600, 1200, "4x3", 400), original).position).toBe("centre");
    expect(resizeOptions(variantSize(1600, 1200, "orig", 800), original).position).toBe("centre");
    expect(resizeOptions(variantSize(1600, 1200, "1x1", 400), original).position).toBe("attention");
    expect(resizeOptions(variantSize(1600, 1200, "16x9", 400), original).position).toBe("attention");
    // A rounded height is a crop of a row, chosen by attention as before.
    expect(resizeOptions(variantSize(1000, 667, "orig", 300), { width: 1000, height: 667 }).position).toBe("attention");
    expect(resizeOptions({ width: 400, height: 300 }, original)).toMatchObject({
      width: 400,
      height: 300,
      fit: "cover",
      withoutEnlargement: true,
    });
  });

  it("gives, at the original's shape, the bytes the attention crop gives", async () => {
    const bytes = await photoLike(800, 600, 7);
    for (const width of [200, 400, 800, 1200]) {
      const size = variantSize(800, 600, "4x3", width);
      const options = resizeOptions(size, { width: 800, height: 600 });
      expect(options.position).toBe("centre");
      for (const [ext, encode] of Object.entries(encoders)) {
        const made = await encode(sharp(bytes).autoOrient().resize(options)).toBuffer();
        const attention = await encode(
          sharp(bytes)
            .autoOrient()
            .resize({ ...options, position: "attention" }),
        ).toBuffer();
        expect(made.equals(attention), `4x3/${width}.${ext}`).toBe(true);
      }
    }
  });
});
