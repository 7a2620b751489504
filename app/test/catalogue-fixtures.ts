import type { Product } from "@contract/catalogue";
import type { Group } from "@contract/groups";
import type { Image } from "@contract/media";

/** Categories and products for the catalogue widgets' tests. */

export const image = (hash: string): Image => ({
  url: `/assets/i/${hash}/4x3/600.jpg`,
  webp_url: `/assets/i/${hash}/4x3/600.webp`,
  avif_url: `/assets/i/${hash}/4x3/600.avif`,
  placeholder: "data:image/webp;base64,AAAA",
  aspect: "4x3",
  width: 600,
  height: 450,
  extra_aspects: [],
});

export const group = (id: number, slug: string, name: string): Group => ({
  id,
  slug,
  name,
  url: `catalogue/${slug}`,
  content: `<p>${name} made by hand.</p>`,
  image: image(`g${id}`.padEnd(32, "0")),
  model: "Product",
  root: 1,
  lft: id * 2,
  rgt: id * 2 + 1,
  level: 1,
  children: [],
});

export const product = (id: number, g: Group, name: string, price: number): Product => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  url: `${g.url}/x`,
  description: `<p>${name}.</p>`,
  dimensions: "",
  timber: "",
  finish: "",
  price,
  group: { id: g.id, name: g.name, slug: g.slug },
  photos: [
    { id: id * 10, image: image(`p${id}`.padEnd(32, "0")) },
    { id: id * 10 + 1, image: image(`q${id}`.padEnd(32, "0")) },
  ],
});

export const tables = group(2, "table-settings", "Table settings");
export const chairs = group(3, "chairs", "Chairs");
export const table = product(1, tables, "Yandina table", 2450.5);
export const chair = product(2, chairs, "Montville chair", 389);
