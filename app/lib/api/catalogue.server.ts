import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { isUpstreamError } from "./errors";
import { productSchema, slideSchema } from "./schemas";
import type { Product, Slide } from "./schemas";
import type { Transport } from "./transport.server";

const MINUTE = 60_000;
const slug = z.string().max(100).regex(/^[\w-]+$/);

/** The products of a group (by slug), images 4x3 at 600 wide (spec section 7). */
export function getProducts(t: Transport, group: string): Promise<Product[]> {
  if (!slug.safeParse(group).success) return Promise.resolve([]);
  const load = () =>
    t
      .get("/api/v1/catalogue/product", z.object({ data: z.array(productSchema) }), {
        image_aspect: "4x3",
        image_width: 600,
        page_size: 900,
        page: 1,
        group,
      })
      .then((r) => r.data)
      .catch((error) => {
        if (isUpstreamError(error) && error.status === 404) return [];
        throw error;
      });
  return cachedWhenAnonymous(t, `products:${group}`, load, { freshFor: MINUTE });
}

/** One product by its group and slug, photos 4x3 at 1200 wide; null when there is none. */
export async function getProduct(t: Transport, group: string, product: string): Promise<Product | null> {
  if (!slug.safeParse(group).success || !slug.safeParse(product).success) return null;
  const load = async () => {
    try {
      return (await t.get(`/api/v1/catalogue/product/${group}/${product}`, z.object({ data: productSchema }), { image_aspect: "4x3", image_width: 1200 })).data;
    } catch (error) {
      if (isUpstreamError(error) && error.status === 404) return null;
      throw error;
    }
  };
  return cachedWhenAnonymous(t, `product:${group}/${product}`, load, { freshFor: MINUTE });
}

/** The slides of a slideshow group, 16x9 at 1920 wide, at most `pageSize`. */
export function getSlides(t: Transport, group: string | number, pageSize = 9): Promise<Slide[]> {
  const load = () =>
    t
      .get("/api/v1/cognito/slide", z.object({ data: z.array(slideSchema) }), { group, image_aspect: "16x9", image_width: 1920, page_size: pageSize })
      .then((r) => r.data)
      .catch((error) => {
        if (isUpstreamError(error) && error.status === 404) return [];
        throw error;
      });
  return cachedWhenAnonymous(t, `slides:${group}:${pageSize}`, load, { freshFor: MINUTE });
}
