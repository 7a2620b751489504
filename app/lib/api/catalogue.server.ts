import { z } from "zod";

import { type Product, productAnswerSchema, productsAnswerSchema } from "@contract/catalogue";
import { type Slide, slidesAnswerSchema } from "@contract/content";

import { CacheShort } from "./cache-strategies";
import { isUpstreamError } from "./errors";
import { seedProduct, seedProductList } from "./seed-catalogue.server";
import { orSeed } from "./seed-fallback.server";
import type { Transport } from "./transport.server";

const slug = z
  .string()
  .max(100)
  .regex(/^[\w-]+$/);

/** The products of a group (by slug), images 4x3 at 600 wide (spec section 7). */
export function getProducts(t: Transport, group: string): Promise<Product[]> {
  if (!slug.safeParse(group).success) return Promise.resolve([]);
  const query = { image_aspect: "4x3", image_width: 600, page_size: 900, page: 1, group };
  return orSeed(
    () => t.get("/api/v1/catalogue/product", productsAnswerSchema, query, { cache: CacheShort }).then((r) => r.data),
    () => seedProductList(group),
  ).catch((error) => {
    if (isUpstreamError(error) && error.status === 404) return [];
    throw error;
  });
}

/** One product by its group and slug, photos 4x3 at 1200 wide; null when there is none. */
export async function getProduct(t: Transport, group: string, product: string): Promise<Product | null> {
  if (!slug.safeParse(group).success || !slug.safeParse(product).success) return null;
  const path = `/api/v1/catalogue/product/${group}/${product}`;
  try {
    const query = { image_aspect: "4x3", image_width: 1200 };
    return await orSeed(
      async () => (await t.get(path, productAnswerSchema, query, { cache: CacheShort })).data,
      () => seedProduct(group, product),
    );
  } catch (error) {
    if (isUpstreamError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The slides of a slideshow group, 16x9 at 1920 wide, at most `pageSize`. */
export function getSlides(t: Transport, group: string | number, pageSize = 9): Promise<Slide[]> {
  const query = { group, image_aspect: "16x9", image_width: 1920, page_size: pageSize };
  return t
    .get("/api/v1/cognito/slide", slidesAnswerSchema, query, { cache: CacheShort })
    .then((r) => r.data)
    .catch((error) => {
      if (isUpstreamError(error) && error.status === 404) return [];
      throw error;
    });
}
