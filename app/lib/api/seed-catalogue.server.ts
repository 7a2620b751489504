import type { Product } from "@contract/catalogue";
import { type Group, groupSchema } from "@contract/groups";

import seedGroups from "../../../seeds/groups.json";
import seedProducts from "../../../seeds/products.json";

/**
 * The seeded catalogue, bundled into the server build like the seeded pages (seed-fallback.server.ts),
 * for when the CMS (or its database) cannot answer and nothing is cached: category and product
 * pages still show their names, words, facts and prices, without photos (those are made by the
 * CMS's image service). Ids are made here, in seed order, as the seeding makes them.
 */
interface SeedGroup {
  namespace: string;
  model: string;
  name: string;
  slug: string;
  content?: string;
  children?: SeedGroup[];
}

interface Placed {
  group: Group;
  namespace: string;
}

function place(): Placed[] {
  const all: Placed[] = [];
  let id = 0;
  const visit = (seed: SeedGroup, parentUrl: string, root: number, level: number, lft: number): [Group, number] => {
    const own = ++id;
    const url = parentUrl ? `${parentUrl}/${seed.slug}` : seed.slug;
    let next = lft + 1;
    const children: Group[] = [];
    for (const child of seed.children ?? []) {
      const [made, after] = visit(child, url, root || own, level + 1, next);
      children.push(made);
      next = after;
    }
    const group = groupSchema.parse({
      id: own,
      name: seed.name,
      url,
      slug: seed.slug,
      content: seed.content ?? "",
      image: null,
      model: seed.model,
      root: root || own,
      lft,
      rgt: next,
      level,
      children,
    });
    all.push({ group, namespace: seed.namespace });
    return [group, next + 1];
  };
  for (const seed of seedGroups as SeedGroup[]) visit(seed, "", 0, 0, 1);
  return all;
}

let placed: Placed[] | undefined;
const groups = () => (placed ??= place());

const inModel = (namespace: string, model: string) =>
  groups().filter((p) => p.namespace === namespace && p.group.model === model);

/** A model's groups: the children of `group`, or those under its roots; null when unknown. */
export function seedGroupList(namespace: string, model: string, group?: string): Group[] | null {
  const mine = inModel(namespace, model);
  if (!group) return mine.filter((p) => p.group.level === 0).flatMap((p) => p.group.children);
  const found = mine.find((p) => p.group.slug === group);
  return found ? found.group.children : null;
}

/** One group with its children, or null. */
export function seedGroupDetails(namespace: string, model: string, group: string): Group | null {
  return inModel(namespace, model).find((p) => p.group.slug === group)?.group ?? null;
}

interface SeedProduct {
  group: string;
  name: string;
  slug: string;
  description?: string;
  dimensions?: string;
  timber?: string;
  finish?: string;
  price: number;
}

function productOf(seed: SeedProduct, index: number): Product | null {
  const group = seedGroupDetails("Catalogue", "Product", seed.group);
  if (!group) return null;
  return {
    id: index + 1,
    name: seed.name,
    slug: seed.slug,
    url: `${group.url}/${seed.slug}`,
    description: seed.description ?? "",
    dimensions: seed.dimensions ?? "",
    timber: seed.timber ?? "",
    finish: seed.finish ?? "",
    price: seed.price,
    group: { id: group.id, name: group.name, slug: group.slug },
    photos: [],
  };
}

/** The products of a group (by slug), or null for a group the seeds do not have. */
export function seedProductList(group: string): Product[] | null {
  if (!seedGroupDetails("Catalogue", "Product", group)) return null;
  return (seedProducts as SeedProduct[])
    .map(productOf)
    .filter((p): p is Product => p !== null && p.group?.slug === group);
}

/** One product by its group and slug, or null. */
export function seedProduct(group: string, slug: string): Product | null {
  const index = (seedProducts as SeedProduct[]).findIndex((p) => p.group === group && p.slug === slug);
  return index < 0 ? null : productOf((seedProducts as SeedProduct[])[index], index);
}
