/** The catalogue (spec section 3, "Catalogue product"): products by group, and one product. */
import { z } from "zod";

import { orEmpty } from "./lenient";
import { imageSchema } from "./media";

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  url: z.string().default(""),
  description: orEmpty,
  // The product's facts list; "" (or absent, from an upstream without them) = not given.
  dimensions: orEmpty,
  timber: orEmpty,
  finish: orEmpty,
  price: z.coerce.number(),
  group: z
    .object({ id: z.number(), name: z.string(), slug: z.string() })
    .nullish()
    .transform((v) => v ?? null),
  photos: z.array(z.object({ id: z.number(), image: imageSchema })).default([]),
  updated_at: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

/** `GET catalogue/product`: a page of products. */
export const productsAnswerSchema = z.object({ data: z.array(productSchema) });
/** `GET catalogue/product/{id}` and `…/{group}/{product}`: one product. */
export const productAnswerSchema = z.object({ data: productSchema });
