/**
 * The galleries area's routes (generic records, spec section 7): the galleries of a group, each
 * with its first slide's image and slide count, and one gallery by id or url with its slides. GET
 * or POST (the parameters then may come in a JSON body).
 */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { found, listAnswer, parseRequest } from "../lib/http";
import { imageOptions, imageParams, listParams, listRequest, positiveInt } from "../lib/params";
import { getGallery, listGalleries } from "./service";

/** Extra aspects: one string separated by commas (or pipes), or a list. */
const extraAspects = z.union([z.string().max(200), z.array(z.string().max(16)).max(16)]).optional();

const galleryQuery = z
  .object({ ...imageParams("4x3", 400), extra_aspects: extraAspects, limit: positiveInt(1000, 1000) })
  .passthrough();

export const galleryRoutes = new Hono<CmsEnv>()
  .on(["GET", "POST"], "/gallery", async (c) => {
    const q = await parseRequest(c, listParams(100, "4x3", 300, 500));
    return c.json(listAnswer(await listGalleries(c.var.db, listRequest(q), imageOptions(q))));
  })
  .on(["GET", "POST"], "/gallery/:key", async (c) => {
    const q = await parseRequest(c, galleryQuery);
    const image = { ...imageOptions(q), extraAspects: q.extra_aspects };
    const gallery = await getGallery(c.var.db, c.req.param("key"), { image, limit: q.limit });
    return c.json({ data: found(gallery, "Gallery not found") });
  });
