import { describe, expect, it } from "vitest";

import { readSeeds } from "../seed";
import { productSeedsSchema } from "./seed";

/**
 * The seeded products' facts (dimensions, timber, finish) repeat what each description says, so
 * a visitor never reads two different sizes for one piece: every number of the dimensions, the
 * timber and the finish appear in the description.
 */
describe("seeds/products.json", () => {
  const products = readSeeds().products;

  it("gives every product its dimensions, timber and finish", () => {
    expect(products.length).toBeGreaterThan(30);
    for (const p of products) {
      expect(p.dimensions, p.slug).not.toBe("");
      expect(p.timber, p.slug).not.toBe("");
      expect(p.finish, p.slug).not.toBe("");
    }
  });

  it("states facts that agree with each description", () => {
    for (const p of products) {
      const description = p.description.toLowerCase();
      for (const number of p.dimensions.match(/\d+/g) ?? []) {
        expect(description, `${p.slug}: ${number} mm`).toMatch(new RegExp(`\\b${number}\\b`));
      }
      expect(description, `${p.slug}: timber`).toContain(p.timber.toLowerCase());
      expect(description, `${p.slug}: finish`).toContain(p.finish.toLowerCase());
    }
  });

  it("takes products without facts (an older seeds folder)", () => {
    const [p] = productSeedsSchema.parse([{ group: "g", name: "N", slug: "n", price: 1 }]);
    expect(p).toMatchObject({ dimensions: "", timber: "", finish: "" });
  });
});
