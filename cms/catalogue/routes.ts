/** The catalogue area's routes: products a page at a time, one product by id, one by slugs. */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { found, listAnswer, notFound, parseQuery, pathId } from "../lib/http";
import { imageOptions, imageParams, listRequest, positiveInt, safeText } from "../lib/params";
import { getProduct, getProductBySlug, listProducts } from "./service";

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/);

const listQuery = z
  .object({
    ...imageParams("4x3", 600),
    page_size: positiveInt(900, 900),
    page: positiveInt(100_000, 1),
    group: safeText(100).optional(),
  })
  .passthrough();

const productQuery = z.object(imageParams("4x3", 1200)).passthrough();

export const catalogueRoutes = new Hono<CmsEnv>()
  .get("/product", async (c) => {
    const q = parseQuery(c, listQuery);
    return c.json(listAnswer(await listProducts(c.var.db, listRequest(q), imageOptions(q))));
  })
  .get("/product/:id{[0-9]+}", async (c) => {
    const q = parseQuery(c, productQuery);
    const product = await getProduct(c.var.db, pathId(c, "Product"), imageOptions(q));
    return c.json({ data: found(product, "Product not found") });
  })
  .get("/product/:group/:product", async (c) => {
    const q = parseQuery(c, productQuery);
    const params = z.object({ group: slug, product: slug }).safeParse(c.req.param());
    if (!params.success) notFound("Product not found");
    const product = await getProductBySlug(c.var.db, params.data.group, params.data.product, imageOptions(q));
    return c.json({ data: found(product, "Product not found") });
  });
