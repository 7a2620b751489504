import { describe, expect, it } from "vitest";

import { seedGroupDetails, seedGroupList, seedProduct, seedProductList } from "./seed-catalogue.server";

describe("the seeded catalogue (served while the CMS cannot answer)", () => {
  it("has the categories with their addresses, under the catalogue", () => {
    const top = seedGroupList("Catalogue", "Product");
    expect(top?.map((g) => g.slug)).toContain("table-settings");
    expect(seedGroupList("Catalogue", "Product", "catalogue")).toEqual(top);
    const tables = seedGroupDetails("Catalogue", "Product", "table-settings");
    expect(tables).toMatchObject({ name: "Table settings", url: "catalogue/table-settings", level: 1, image: null });
    expect(seedGroupDetails("Catalogue", "Product", "nope")).toBeNull();
    expect(seedGroupList("Catalogue", "Product", "nope")).toBeNull();
  });

  it("has each category's products with their facts and prices, and no photos", () => {
    const tables = seedProductList("table-settings")!;
    const eumundi = tables.find((p) => p.slug === "eumundi-six-seater-setting");
    expect(eumundi).toMatchObject({
      name: "Eumundi six-seater setting",
      url: "catalogue/table-settings/eumundi-six-seater-setting",
      price: 3290,
      timber: "Spotted gum",
      group: { slug: "table-settings", name: "Table settings" },
      photos: [],
    });
    expect(tables.every((p) => p.group?.slug === "table-settings")).toBe(true);
    expect(seedProduct("table-settings", "eumundi-six-seater-setting")).toEqual(eumundi);
    expect(seedProduct("bar-settings", "eumundi-six-seater-setting")).toBeNull();
    expect(seedProductList("nope")).toBeNull();
  });
});
