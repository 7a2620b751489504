/** The shop's seed file as the site's journeys and the spec rely on it (no database needed). */
import { describe, expect, it } from "vitest";

import { readSeeds } from "../seed";

const seeds = readSeeds();
const shop = seeds.shop!;
const skuOf = (slug: string) => shop.skus.find((s) => s.product === slug)!;

describe("seeds/shop.json", () => {
  it("has one SKU per product, with a stock from 2 to 12 and a unique code", () => {
    expect(shop.skus.map((s) => s.product).sort()).toEqual(seeds.products.map((p) => p.slug).sort());
    expect(new Set(shop.skus.map((s) => s.code)).size).toBe(shop.skus.length);
    for (const s of shop.skus) expect(s.stock, s.code).toBeGreaterThanOrEqual(2);
    for (const s of shop.skus) expect(s.stock, s.code).toBeLessThanOrEqual(12);
    expect(skuOf("peregian-bar-stool").stock).toBe(3);
  });

  it("gives the Adirondack chair both add-ons and enough stock, and the workshop its date", () => {
    const chair = skuOf("maleny-adirondack-chair");
    expect(chair.stock).toBeGreaterThanOrEqual(8);
    expect(chair.addons).toEqual([
      { name: "Timber oil care kit", price: 45 },
      { name: "Outdoor cushions", price: 120 },
    ]);
    expect(skuOf("weekend-stool-workshop")).toMatchObject({ is_event: true, event_date: "2027-03-13", stock: 8 });
    expect(seeds.products.find((p) => p.slug === "weekend-stool-workshop")).toMatchObject({
      group: "other-products",
      price: 240,
    });
  });

  it("seeds the four promotion codes and the delivery zones", () => {
    expect(shop.promotion_codes.map((p) => p.code)).toEqual(["SPRING10", "WELCOME50", "SUMMER25", "FIRSTORDER"]);
    const zones = seeds.domain.settings.shipping_zones as Array<{ name: string; amount: number }>;
    expect(zones.map((z) => [z.name, z.amount])).toEqual([
      ["Sunshine Coast delivery", 40],
      ["Brisbane delivery", 70],
      ["Gold Coast delivery", 90],
    ]);
    expect(seeds.domain.settings.shipping_pickup).toMatchObject({ id: 10, amount: 0 });
    expect(seeds.domain.settings.ecommerce).toBe(false);
  });
});
